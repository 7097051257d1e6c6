import type { FrontDescriptor, FrontDocumentation, FrontResponse } from '../fronts/front-descriptor.js';
import { ENVELOPE_DOCUMENTATION } from '../fronts/v2/documentation.js';
import { frontOfPath } from './front-of-path.js';
import { isObject, type JsonObject } from './json-walk.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The operator's POSTs the server deduplicates by Idempotency-Key; the fronts' are the ones whose descriptor says so. */
const ADMIN_PREFIX = '/admin/';

/**
 * Where rate limits apply outside the fronts (each front is limited per key, decision 1300): the operator API (failed
 * tokens), the candidate API (per attempt; unknown tokens and public links per address) and signed report URLs (per
 * report; bad links per address). Health, readiness and reference tables are not limited.
 */
const RATE_LIMITED_OUTSIDE_FRONTS = [ADMIN_PREFIX, '/candidate/', '/v2/reports/'];

const failureOf = (documentation: FrontDocumentation): JsonObject => ({
  'application/json': { schema: { $ref: `#/components/schemas/${documentation.failureSchema}` } },
});

/** A 429 or 503 of a front: its description, Retry-After, and the front's failure body. */
const retryLater = (documentation: FrontDocumentation, { name, description }: FrontResponse): [string, JsonObject] => [
  name,
  { description, headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }, content: failureOf(documentation) },
];

/** Parameters, headers and responses every operation shares, referenced rather than repeated: each front's 429 and 503. */
export const sharedComponentsOf = (fronts: readonly FrontDescriptor[]): JsonObject => {
  const documented = [ENVELOPE_DOCUMENTATION, ...fronts.map((front) => front.documentation)];
  return {
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
      Refused: { description: ENVELOPE_DOCUMENTATION.descriptions['4XX'], content: failureOf(ENVELOPE_DOCUMENTATION) },
      Failed: { description: ENVELOPE_DOCUMENTATION.descriptions['5XX'], content: failureOf(ENVELOPE_DOCUMENTATION) },
      ...Object.fromEntries(
        documented.flatMap((documentation) => [retryLater(documentation, documentation.tooManyRequests), retryLater(documentation, documentation.unavailable)]),
      ),
    },
  };
};

/**
 * What holds across operations and need not be declared route by route: failures as the envelope (or the front's
 * body), 503 with Retry-After everywhere (shutting down, full queues, the database unavailable), 429 where rate limits
 * apply (every front's path, decision 1300), response descriptions, and the Idempotency-Key header on the POSTs that
 * honour it.
 */
export const applyConventions = (paths: JsonObject, fronts: readonly FrontDescriptor[]): void => {
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const front = frontOfPath(fronts, path);
    const documentation = front?.documentation ?? ENVELOPE_DOCUMENTATION;
    const limited = front !== undefined || RATE_LIMITED_OUTSIDE_FRONTS.some((prefix) => path.startsWith(prefix));
    const idempotent = front === undefined ? path.startsWith(ADMIN_PREFIX) : front.idempotencyKeys;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const responses = isObject(operation.responses) ? operation.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        const description = documentation.descriptions[status as keyof FrontDocumentation['descriptions']];
        if (isObject(response) && response.description === 'Default Response' && description) response.description = description;
      }
      // Every failure is the envelope (the front's body under its prefix), also where a route declares no failure of its own.
      operation.responses = {
        ...responses,
        '4XX': responses['4XX'] ?? { $ref: '#/components/responses/Refused' },
        '5XX': responses['5XX'] ?? { $ref: '#/components/responses/Failed' },
        ...(limited ? { '429': { $ref: `#/components/responses/${documentation.tooManyRequests.name}` } } : {}),
        '503': { $ref: `#/components/responses/${documentation.unavailable.name}` },
      };

      if (method === 'post' && idempotent) {
        const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
        operation.parameters = [...parameters, { $ref: '#/components/parameters/IdempotencyKey' }];
      }
    }
  }
};
