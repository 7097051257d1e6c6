export { forbiddenAddressReason } from './address-policy.js';
export {
  checkCallbackUrl,
  parseCallbackUrl,
  type CallbackUrlCheck,
  type CheckCallbackUrlOptions,
  type ParsedCallbackUrl,
  withTimeout,
} from './callback-url.js';
export { isLoopbackHost, urlTransportOf, type UrlTransport } from './loopback-host.js';
export { resolveHost, systemLookup, type HostLookup, type HostVerdict } from './host-check.js';
export {
  deliverWebhook,
  closeDeliveryAgents,
  DEFAULT_TIMEOUT_MS,
  USER_AGENT,
  type DeliveryRequest,
  type DeliveryResult,
} from './deliver.js';
export { generateWebhookSecret, signWebhook, type WebhookMessage, type WebhookSignatureHeaders } from './signing.js';
export { RETRY_SCHEDULE_MS, nextRetryDelayMs } from './retry-schedule.js';
export { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after.js';
export { isAuthenticReportUrl, newReportUrlKey, REPORT_URL_KEY_SETTING, REPORT_URL_TTL_MS, signedReportUrl } from './report-url.js';
export type { ReportUrlClaims, SignedAttempt } from './report-url.js';
export { candidateOfUnsubscribeToken, unsubscribeToken, unsubscribeUrl } from './unsubscribe-token.js';
