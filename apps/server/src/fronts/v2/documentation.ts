import type { FrontDocumentation } from '../front-descriptor.js';

/**
 * How the API document describes answers in v2's envelope: v2's org API, and every path no other front claims (the
 * candidate API, /admin, the signed report URLs), since the root's front is v2's (fronts/front-of.ts).
 */
export const ENVELOPE_DOCUMENTATION: FrontDocumentation = {
  failureSchema: 'FailureEnvelope',
  descriptions: {
    '200': 'Success: the envelope, with the answer in result',
    '4XX': 'Refused: the envelope, with a specific statuscode (docs/status-codes.md) and a message in result',
    '5XX': 'Failed on the server side: the envelope, whose message quotes the request id',
  },
  tooManyRequests: {
    name: 'TooManyRequests',
    description: 'Too many requests (429.x): retry after the number of seconds in Retry-After, when given.',
  },
  unavailable: {
    name: 'ServiceUnavailable',
    description:
      'Not available right now (503.x): not ready, busy, shutting down, or the database is unavailable (503.4); retry after Retry-After, when given.',
  },
};
