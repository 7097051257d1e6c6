import { API_KEY_SECURITY } from '../api-key-security.js';
import type { FrontDescriptor } from '../front-descriptor.js';
import { v3Front } from './failures.js';
import { registerV3Front } from './register.js';

/** iMocha's v3 shapes (decisions 846, 887): the same keys as v2, plain HTTP statuses, `{ statusCode, message, errors }`. */
export const v3FrontDescriptor: FrontDescriptor = {
  name: 'v3',
  prefix: '/v3',
  front: v3Front,
  security: API_KEY_SECURITY,
  // The same key, the same org: v3's paths spend the key's v2 budget.
  rateLimit: 'orgApi',
  idempotencyKeys: false,
  documentation: {
    failureSchema: 'V3Failure',
    descriptions: {
      '200': 'Success: the answer itself, in iMocha v3’s shape (no envelope)',
      '4XX': 'Refused: { statusCode, message, errors: [message], statuscode } with a plain HTTP status',
      '5XX': 'Failed on the server side: { statusCode, message, errors, statuscode }, the message quoting the request id',
    },
    tooManyRequests: {
      name: 'V3TooManyRequests',
      description: 'Too many requests (429.1) for this key: retry after Retry-After; the body is { statusCode, message, errors }.',
    },
    unavailable: {
      name: 'V3Unavailable',
      description: 'Not available right now (503.x): retry after Retry-After; the body is { statusCode, message, errors }.',
    },
  },
  register: registerV3Front,
};
