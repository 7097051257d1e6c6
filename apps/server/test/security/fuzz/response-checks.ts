import type { LightMyRequestResponse } from 'fastify';
import { V3_REPLAY_UNKNOWN_IDS, V3CallbackReplayRefusal } from '@assay/domain';
import { describeStatus, type FailureCode } from '@assay/domain/v2';
import type { FuzzRoute } from './route-catalogue.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const STATUSCODE = /^\d{3}\.\d+$/;

/** The first bytes of each file type an export answers. */
const MAGIC: Record<string, Buffer> = {
  'application/pdf': Buffer.from('%PDF-'),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': Buffer.from('PK'),
};

const typeOf = (response: LightMyRequestResponse): string => String(response.headers['content-type'] ?? '');

/** The caching any answer may carry; the candidate page's assets may also be cached for good under their hash, or revalidated. */
const NOT_STORED = ['no-store', 'private, no-store'];
const ASSET_CACHING = ['public, max-age=31536000, immutable', 'no-cache'];

/** Problems with the headers every answer carries, whatever produced it: not stored by caches, nosniff, the request id. */
const headerProblems = (route: FuzzRoute, response: LightMyRequestResponse): string[] => {
  const problems: string[] = [];
  const caching = String(response.headers['cache-control']);
  const allowed = route.url.startsWith('/assets/') && response.statusCode < 400 ? [...NOT_STORED, ...ASSET_CACHING] : NOT_STORED;
  if (!allowed.includes(caching)) problems.push(`Cache-Control is ${caching}, not ${allowed.join(' or ')}`);
  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (!response.headers['x-request-id']) problems.push('no x-request-id');
  return problems;
};

/** Problems with an envelope: shape, a statuscode whose class is the HTTP status, a catalogued description, a message. */
const envelopeProblems = (response: LightMyRequestResponse): string[] => {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [`a JSON content type with a body that is not JSON: ${response.body.slice(0, 200)}`];
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return ['not an envelope object'];
  const { statuscode, description, result } = body as Record<string, unknown>;
  const keys = Object.keys(body).sort().join(',');
  const problems: string[] = [];
  if (keys !== 'description,result,statuscode') problems.push(`envelope keys are ${keys}`);
  if (typeof statuscode !== 'string' || !STATUSCODE.test(statuscode)) return [...problems, `statuscode ${JSON.stringify(statuscode)} is not NNN.n`];
  if (statuscode.split('.')[0] !== String(response.statusCode)) problems.push(`statuscode ${statuscode} under HTTP ${response.statusCode}`);
  if (typeof description !== 'string' || description === '') problems.push('no description');
  if (response.statusCode >= 400) {
    if (description !== describeStatus(statuscode as FailureCode))
      problems.push(`description ${JSON.stringify(description)} is not the catalogue's for ${statuscode}`);
    if (typeof result !== 'string' || result.trim() === '') problems.push(`a failure whose result is not a message: ${JSON.stringify(result)?.slice(0, 100)}`);
  }
  return problems;
};

/** Problems with a failure of Greenhouse's partner API: { status, statuscode, errors: [message] }, the status the HTTP one. */
const greenhouseFailureProblems = (response: LightMyRequestResponse): string[] => {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [`a JSON content type with a body that is not JSON: ${response.body.slice(0, 200)}`];
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return ['not a Greenhouse failure object'];
  const { status, statuscode, errors } = body as Record<string, unknown>;
  const problems: string[] = [];
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'errors,status,statuscode') problems.push(`failure keys are ${keys}`);
  if (status !== response.statusCode) problems.push(`status ${JSON.stringify(status)} under HTTP ${response.statusCode}`);
  if (typeof statuscode !== 'string' || !STATUSCODE.test(statuscode) || statuscode.split('.')[0] !== String(response.statusCode))
    problems.push(`statuscode ${JSON.stringify(statuscode)} under HTTP ${response.statusCode}`);
  if (!Array.isArray(errors) || errors.length !== 1 || typeof errors[0] !== 'string' || errors[0].trim() === '')
    problems.push(`errors is not one message: ${JSON.stringify(errors)?.slice(0, 100)}`);
  return problems;
};

/** Problems with a failure under /v3 (decision 846): { statusCode, message, errors: [message], statuscode }, statusCode the HTTP one. */
const v3FailureProblems = (response: LightMyRequestResponse): string[] => {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [`a JSON content type with a body that is not JSON: ${response.body.slice(0, 200)}`];
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return ['not a v3 failure object'];
  const { statusCode, message, errors, statuscode } = body as Record<string, unknown>;
  const problems: string[] = [];
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'errors,message,statusCode,statuscode') problems.push(`failure keys are ${keys}`);
  if (statusCode !== response.statusCode) problems.push(`statusCode ${JSON.stringify(statusCode)} under HTTP ${response.statusCode}`);
  if (typeof statuscode !== 'string' || !STATUSCODE.test(statuscode)) problems.push(`statuscode ${JSON.stringify(statuscode)} is not NNN.n`);
  if (typeof message !== 'string' || message.trim() === '') problems.push('no message');
  if (!Array.isArray(errors) || errors.length !== 1 || errors[0] !== message)
    problems.push(`errors is not [message]: ${JSON.stringify(errors)?.slice(0, 100)}`);
  return problems;
};

/**
 * iMocha documents one failure outside its usual body: a callback replay naming ids not of the account answers 401
 * `{ result: null, errors: [sentence, ...ids] }` (decision 919). Only that answer, of only that route, is let through.
 */
const isDocumentedReplayRefusal = (route: FuzzRoute, response: LightMyRequestResponse): boolean => {
  if (route.method !== 'POST' || route.url !== '/v3/callbacks/process' || response.statusCode !== 401) return false;
  try {
    const refusal = V3CallbackReplayRefusal.safeParse(JSON.parse(response.body));
    return refusal.success && refusal.data.errors[0] === V3_REPLAY_UNKNOWN_IDS && refusal.data.errors.length > 1;
  } catch {
    return false;
  }
};

export interface CheckContext {
  /** What the route answers a plain request, for routes whose answer is a deployment state (a page without its bundle). */
  readonly baselineStatus: number | undefined;
}

/**
 * Everything a response to a hostile request must be: no 5xx; JSON answers are the envelope; documented
 * API routes fail only with the envelope; exports answer their file or the envelope; every answer carries
 * the security headers.
 */
export const responseProblems = (route: FuzzRoute, method: string, response: LightMyRequestResponse, context: CheckContext): string[] => {
  const problems: string[] = headerProblems(route, response);
  const type = typeOf(response);
  const isJson = JSON_TYPE.test(type);
  const hasBody = method !== 'HEAD' && response.rawPayload.length > 0;
  const status = response.statusCode;

  if (status >= 500) {
    // A hidden page answers 503 while the candidate UI is not built: that is the deployment, not the request,
    // and the plain request gets it too. Anything else in the 5xx range is a failure.
    const deploymentState = !route.documented && !isJson && status === context.baselineStatus;
    if (!deploymentState) problems.push(`HTTP ${status}`);
  }
  if (isJson && hasBody && route.failureBody === 'greenhouse' && status >= 300) problems.push(...greenhouseFailureProblems(response));
  else if (isJson && hasBody && route.failureBody === 'v3' && status >= 300) {
    if (!isDocumentedReplayRefusal(route, response)) problems.push(...v3FailureProblems(response));
  } else if (isJson && hasBody && (status >= 300 || route.successIsEnvelope)) problems.push(...envelopeProblems(response));
  if (route.documented && status >= 400 && !isJson) problems.push(`a documented route failed with ${type || 'no content type'}, not the envelope`);
  if (route.documented && status >= 200 && status < 300 && route.successTypes.length > 0 && method === route.method) {
    const expected = route.successTypes.find((candidate) => type.toLowerCase().startsWith(candidate));
    if (!expected) problems.push(`HTTP ${status} with ${type || 'no content type'}; documented: ${route.successTypes.join(', ')}`);
    const magic = expected ? MAGIC[expected] : undefined;
    if (magic && hasBody && !response.rawPayload.subarray(0, magic.length).equals(magic)) problems.push(`a ${expected} answer that is not one`);
  }
  return problems;
};
