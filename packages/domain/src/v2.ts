/**
 * `@assay/domain/v2`: the v2 wire format, apart from the domain's decisions (decision 952). The statuscode catalogue
 * (docs/status-codes.md) and the envelope every v2 answer wears. The domain's rules refuse with kinds
 * (`RefusalKind`); the server's v2 front maps each kind to its statuscode (apps/server/src/fronts/v2/status-of-refusal.ts).
 */
export { statusCatalogue, statusCodes, describeStatus, httpStatusOf, type StatusCode, type FailureCode } from './v2/status-codes.js';
export { successEnvelope, FailureEnvelope, succeed, fail, AnyEnvelope, type SuccessEnvelope } from './v2/envelope.js';
