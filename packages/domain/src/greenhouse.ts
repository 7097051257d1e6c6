/**
 * `@assay/domain/greenhouse`: the Greenhouse Assessment Partner API (issue 33, item 1). Its wire schemas, the
 * application a send_test names, what a send does again, where an interview stands for Greenhouse (test_status) and
 * when the PATCH "test completed" goes.
 */
export * from './greenhouse/greenhouse-wire.js';
export * from './greenhouse/greenhouse-integration.js';
export * from './greenhouse/application-id.js';
export * from './greenhouse/send-test.js';
export * from './greenhouse/test-status.js';
export * from './greenhouse/patch-decision.js';
export { greenhouseFullName } from './greenhouse/candidate-name.js';
export { decideGreenhousePatchTarget, type PatchTargetFacts } from './greenhouse/patch-target.js';
export * from './greenhouse/partner-ids.js';
export * from './greenhouse/response-error.js';
