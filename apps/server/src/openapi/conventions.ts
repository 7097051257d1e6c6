import { isObject, type JsonObject } from './json-walk.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** POSTs the server deduplicates by Idempotency-Key (Stripe-style): the org's and the operator's. */
const IDEMPOTENT_POST_PREFIXES = ['/v2/org/', '/admin/'];

/**
 * Where rate limits apply: the org API (per key), the operator API (failed tokens), the candidate API (per
 * attempt; unknown tokens and public links per address) and signed report URLs (per report; bad links per
 * address). Health, readiness and reference tables are not limited.
 */
const RATE_LIMITED_PREFIXES = ['/v2/org/', '/admin/', '/candidate/', '/v2/reports/', '/partners/greenhouse/', '/v3/'];

/** Where failures are Greenhouse's body ({ status, statuscode, errors }), not the envelope (decision 452). */
const GREENHOUSE_PREFIX = '/partners/greenhouse/';
/** Where failures are iMocha v3's body ({ statusCode, message, errors }), decision 846. */
const V3_PREFIX = '/v3/';

const REFUSED = 'Refused: the envelope, with a specific statuscode (docs/status-codes.md) and a message in result';
const FAILED = 'Failed on the server side: the envelope, whose message quotes the request id';

const failure: JsonObject = { 'application/json': { schema: { $ref: '#/components/schemas/FailureEnvelope' } } };
const greenhouseFailure: JsonObject = { 'application/json': { schema: { $ref: '#/components/schemas/GreenhouseFailure' } } };
const v3Failure: JsonObject = { 'application/json': { schema: { $ref: '#/components/schemas/V3Failure' } } };
const GREENHOUSE_REFUSED = 'Refused: { status, statuscode, errors: [message] } (Greenhouse reads the HTTP status)';

/** Parameters, headers and responses every operation shares, referenced rather than repeated. */
export const sharedComponents: JsonObject = {
  parameters: {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'A unique key per logical request (a UUID, for instance). Sending the same request again with the same key ' +
        'within 24 hours answers the first successful response instead of acting twice; the same key with another ' +
        'method, path or body is refused with 422.1, and while the first request is still running with 409.1. ' +
        'Refusals are not kept: after one, the key can be used again.',
      schema: { type: 'string', pattern: '^[\\x20-\\x7e]{1,255}$' },
    },
  },
  headers: {
    RetryAfter: {
      description: 'Seconds to wait before trying again.',
      schema: { type: 'integer', minimum: 0 },
    },
  },
  responses: {
    Refused: { description: REFUSED, content: failure },
    Failed: { description: FAILED, content: failure },
    GreenhouseTooManyRequests: {
      description: 'Too many requests (429.1) for this key: retry after the number of seconds in Retry-After.',
      headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: greenhouseFailure,
    },
    V3TooManyRequests: {
      description: 'Too many requests (429.1) for this key: retry after Retry-After; the body is { statusCode, message, errors }.',
      headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: v3Failure,
    },
    V3Unavailable: {
      description: 'Not available right now (503.x): retry after Retry-After; the body is { statusCode, message, errors }.',
      headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: v3Failure,
    },
    GreenhouseUnavailable: {
      description: 'Not available right now (503.x): the database is unavailable, or the server is shutting down; retry after Retry-After.',
      headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: greenhouseFailure,
    },
    TooManyRequests: {
      description: 'Too many requests (429.x): retry after the number of seconds in Retry-After, when given.',
      headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: failure,
    },
    ServiceUnavailable: {
      description:
        'Not available right now (503.x): not ready, busy, shutting down, or the database is unavailable (503.4); retry after Retry-After, when given.',
      headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: failure,
    },
  },
};

/** fastify-swagger's placeholder, replaced by what each response class means in the envelope. */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success: the envelope, with the answer in result',
  '4XX': REFUSED,
  '5XX': FAILED,
};

/** The same for the Greenhouse partner API, whose answers are Greenhouse's shapes. */
const GREENHOUSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success: the answer itself, in Greenhouse’s shape (no envelope)',
  '4XX': GREENHOUSE_REFUSED,
  '5XX': 'Failed on the server side: { status, statuscode, errors }, the message quoting the request id',
};

/** The same for iMocha v3's shapes (decision 846). */
const V3_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success: the answer itself, in iMocha v3’s shape (no envelope)',
  '4XX': 'Refused: { statusCode, message, errors: [message], statuscode } with a plain HTTP status',
  '5XX': 'Failed on the server side: { statusCode, message, errors, statuscode }, the message quoting the request id',
};

/**
 * What holds across operations and need not be declared route by route: failures as the envelope, 503
 * with Retry-After everywhere (shutting down, full queues, the database unavailable), 429 where rate limits apply, response
 * descriptions, and the Idempotency-Key header on the POSTs that honour it.
 */
export const applyConventions = (paths: JsonObject): void => {
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const responses = isObject(operation.responses) ? operation.responses : {};
      const greenhouse = path.startsWith(GREENHOUSE_PREFIX);
      const v3 = path.startsWith(V3_PREFIX);
      const descriptions = greenhouse ? GREENHOUSE_DESCRIPTIONS : v3 ? V3_DESCRIPTIONS : RESPONSE_DESCRIPTIONS;
      for (const [status, response] of Object.entries(responses)) {
        if (isObject(response) && response.description === 'Default Response' && descriptions[status]) {
          response.description = descriptions[status];
        }
      }
      const limited = RATE_LIMITED_PREFIXES.some((prefix) => path.startsWith(prefix));
      // Every failure is the envelope (Greenhouse's body under its prefix), also where a route declares no failure of its own.
      operation.responses = {
        ...responses,
        '4XX': responses['4XX'] ?? { $ref: '#/components/responses/Refused' },
        '5XX': responses['5XX'] ?? { $ref: '#/components/responses/Failed' },
        ...(limited
          ? { '429': { $ref: `#/components/responses/${greenhouse ? 'GreenhouseTooManyRequests' : v3 ? 'V3TooManyRequests' : 'TooManyRequests'}` } }
          : {}),
        '503': { $ref: `#/components/responses/${greenhouse ? 'GreenhouseUnavailable' : v3 ? 'V3Unavailable' : 'ServiceUnavailable'}` },
      };

      if (method === 'post' && IDEMPOTENT_POST_PREFIXES.some((prefix) => path.startsWith(prefix))) {
        const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
        operation.parameters = [...parameters, { $ref: '#/components/parameters/IdempotencyKey' }];
      }
    }
  }
};
