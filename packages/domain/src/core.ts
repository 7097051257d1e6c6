/**
 * `@assay/domain/core`: what every part of the API shares. Results and refusals with their kinds (the v2
 * statuscodes and envelope are `@assay/domain/v2`), ids, wire date-times, time zones, the validation message of a 400, idempotency
 * keys and the candidate's take-test URL.
 */
export * from './result.js';
export { refusalKinds, describeRefusalKind, everyRefusalKind, type RefusalKind } from './refusals/refusal-kind.js';
export * from './ids.js';
export * from './date-time.js';
export * from './time-zones.js';
export * from './org-time-zone.js';
export * from './validation-message.js';
export * from './requests/idempotency.js';
export * from './take-test-url.js';
// Least privilege (issue 32): key roles, the capability every org route declares and the rule.
export * from './keys/key-roles.js';
// People, not keys (issue 50): the one rule that names whoever acted with a key.
export * from './people/actor-name.js';
export * from './people/key-holder.js';
export { mayDeactivatePerson, mayRevokeKey } from './people/self-revocation.js';
