/**
 * `@assay/domain/greenhouse`: the Greenhouse Assessment Partner API (issue 33, item 1). Its wire schemas, the
 * application a send_test names, what a send does again, where an interview stands for Greenhouse (test_status) and
 * when the PATCH "test completed" goes.
 */
export {
  GreenhouseAcknowledgement,
  GreenhouseCandidate,
  GreenhouseFailure,
  GreenhouseMetadata,
  GreenhousePartnerStatus,
  GreenhouseResponseErrorInput,
  GreenhouseSendTestAnswer,
  GreenhouseSendTestInput,
  GreenhouseTest,
  GreenhouseTestList,
  GreenhouseTestStatus,
  GreenhouseTestStatusQuery,
} from './greenhouse/greenhouse-wire.js';
export { greenhouseEndpoints, GreenhouseIntegration, GreenhouseIntegrationInput } from './greenhouse/greenhouse-integration.js';
export { applicationIdOf } from './greenhouse/application-id.js';
export { decideGreenhouseSend, greenhouseEmailsLink } from './greenhouse/send-test.js';
export type { GreenhouseSendAction } from './greenhouse/send-test.js';
export { greenhouseMetadata, greenhousePartnerStatus, greenhouseTestStatus } from './greenhouse/test-status.js';
export type { GreenhouseStatusFacts } from './greenhouse/test-status.js';
export { decideGreenhousePatch, NOT_CONFIGURED } from './greenhouse/patch-decision.js';
export type { GreenhouseCallbackCredentials, GreenhousePatchDecision } from './greenhouse/patch-decision.js';
export { greenhouseFullName } from './greenhouse/candidate-name.js';
export { decideGreenhousePatchTarget, type PatchTargetFacts } from './greenhouse/patch-target.js';
export { greenhouseTestList, partnerIdOf } from './greenhouse/partner-ids.js';
export { GREENHOUSE_ERROR_CHARS, GREENHOUSE_ERRORS_KEPT, greenhouseErrorEntry } from './greenhouse/response-error.js';
