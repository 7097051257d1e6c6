export { createClient, type AssayClient } from './client.js';
export { createCandidateClient, type CandidateClient } from './candidate-client.js';
export type { CallOptions, ClientOptions, DownloadOptions, DownloadProgress } from './core/options.js';
export type { RetryPolicy } from './core/retry-policy.js';
export {
  AssayApiError,
  AssayConnectionError,
  AssayDecodeError,
  AssayError,
  AssayTimeoutError,
  AssayUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  UnprocessableEntityError,
  type AnyStatusCode,
} from './core/errors.js';
export { FileDownload } from './core/file-download.js';
export { redactUrl } from './core/redact-url.js';
export { TestPage, type BankImportInput, type Tests, type ListTestsQuery, type TestDefinitionInput } from './resources/tests.js';
export type { TestLinks, TestLinkBody, CandidateInput } from './resources/test-links.js';
export type { Invitations, ListInvitationsQuery } from './resources/invitations.js';
export { ReadReport, type Reports, type SimilarityQuery } from './resources/reports.js';
export type { Grading, ReviewQueueQuery } from './resources/grading.js';
export type { Webhooks } from './resources/webhooks.js';
export type { CandidatePage, CandidatePageBody } from './resources/candidate-page.js';
export type { InvitationSettingsResource } from './resources/invitation-settings.js';
export type { DecisionEmailsResource } from './resources/decision-emails.js';
export type { RetentionSettingsResource } from './resources/retention-settings.js';
export type { Deliveries, Delivery } from './resources/deliveries.js';
export type { Events, EventsWindow, FollowOptions, ReconciliationEvent } from './resources/events.js';
export type { Integrations, GreenhouseIntegrationBody } from './resources/integrations.js';
export type { Reminders, ReminderSettingsBody, InvitationExpiryBody } from './resources/reminders.js';
export type { TestSettingsResource } from './resources/test-settings.js';
export type { AiCheckResource } from './resources/ai-check.js';
export type { V3TestSettings, V3TestSettingsBody } from './v3/settings.js';
export { decisionOfVerb, type Decisions } from './resources/decisions.js';
export type { Shares } from './resources/shares.js';
export type { Library } from './resources/library.js';
export type { TimeZones, Health } from './resources/reference.js';
export type { AssayV3 } from './v3/index.js';
export type { V3Tests, V3ListTestsQuery } from './v3/tests.js';
export type { V3TestLinks } from './v3/test-links.js';
export type { Admin, AdminKeys, AdminOrgs, AdminPeople, AddPersonBody, CreateOrgBody, IssueKeyBody, UpdatePersonBody } from './resources/admin.js';
export type { Me } from './resources/me.js';
export type { OrgKeyBody, People } from './resources/people.js';
export type { PersonalDataResource } from './resources/personal-data.js';
export type { Candidates, EraseCandidatesBody } from './resources/candidates.js';
// Issue 52: iMocha v3's reports and reconciliation (joined to the client's `v3` namespace where it exists).
export type { V3Candidates, V3Reports } from './v3/reports.js';
export type { AskOptions, CandidateAssistantApi } from './resources/candidate-assistant.js';
export type { CandidateFollowUpsApi } from './resources/candidate-follow-ups.js';
export { candidateTokenOf, type CandidateAttempt, type CandidateRuns, type PublicTestLink, type RunWait } from './resources/candidate.js';
export { verifyCompletionCallback } from './webhooks/verify-completion-callback.js';
export { parseCompletionCallback } from './webhooks/completion-callback.js';
export { parseSubmittedEvent, verifySubmittedEvent } from './webhooks/submitted-event.js';
export type { VerifyOptions } from './webhooks/verify-signed-json.js';
export type { HeadersLike } from './webhooks/standard-webhooks.js';
export { WebhookVerificationError, type WebhookVerificationFailure } from './webhooks/webhook-verification-error.js';
export type { V3Callbacks } from './v3/callbacks.js';
export type { V3Accounts, V3CreateUserBody } from './v3/accounts.js';
export type { V3Invitations, V3InviteBody, V3ReattemptBody } from './v3/invitations.js';
