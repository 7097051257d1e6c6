/**
 * `@assay/domain/core`: what every part of the API shares. Results and refusals with their kinds (the v2
 * statuscodes and envelope are `@assay/domain/v2`), ids, wire date-times, time zones, the validation message of a 400, idempotency
 * keys and the candidate's take-test URL.
 */
export { isRefusal, ok, refuse } from './result.js';
export type { Refusal, Result } from './result.js';
export { refusalKinds, describeRefusalKind, everyRefusalKind, type RefusalKind } from './refusals/refusal-kind.js';
export { Id, idOfWellFormed, IdParam, isUnissuedId, isWellFormedId, UNISSUED_ID, unissuedPathIdRefusal } from './ids.js';
export { formatWireDateTime, parseWireDateTime, utcTimeOfDay } from './date-time.js';
export { findTimeZone, TimeZone, TimeZoneList, timeZoneTable, UTC_TIME_ZONE_ID } from './time-zones.js';
export { newOrgTimeZoneId } from './org-time-zone.js';
export { describeIssues } from './validation-message.js';
export { answerInFlight, answerRepeat, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_LOCK_MS, IdempotencyKey, keepsResponse } from './requests/idempotency.js';
export type { IdempotencyRecord, IdempotentRepeat } from './requests/idempotency.js';
export { takeTestUrl } from './take-test-url.js';
// Least privilege (issue 32): key roles, the capability every org route declares and the rule.
export { capabilities, capabilitiesOf, FULL_KEY_ROLE, keyMayDo, KeyRole, keyRoles, rolesThatMayDo } from './keys/key-roles.js';
export { roleRefusalSentence } from './keys/role-refusal.js';
export type { Capability } from './keys/key-roles.js';
// People, not keys (issue 50): the one rule that names whoever acted with a key.
export { actorName } from './people/actor-name.js';
export type { ActorNaming } from './people/actor-name.js';
export { keyHolderFor } from './people/key-holder.js';
export type { KeyHolder } from './people/key-holder.js';
export { mayDeactivatePerson, mayRevokeKey } from './people/self-revocation.js';
