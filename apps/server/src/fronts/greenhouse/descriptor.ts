import type { FrontDescriptor } from '../front-descriptor.js';
import { greenhouseFront } from './failures.js';
import { registerGreenhouseFront } from './register.js';

/** Greenhouse's Assessment Partner API (docs/greenhouse.md, decision 452): Greenhouse's shapes and failure body. */
export const greenhouseFrontDescriptor: FrontDescriptor = {
  name: 'greenhouse',
  prefix: '/partners/greenhouse',
  front: greenhouseFront,
  security: {
    name: 'greenhouseBasic',
    scheme: {
      type: 'http',
      scheme: 'basic',
      description: 'Greenhouse’s authentication: an org API key as the user name, an empty password (keys under 171 characters).',
    },
  },
  // An org key given as HTTP Basic: it spends the same key's budget as v2.
  rateLimit: 'orgApi',
  idempotencyKeys: false,
  documentation: {
    failureSchema: 'GreenhouseFailure',
    descriptions: {
      '200': 'Success: the answer itself, in Greenhouse’s shape (no envelope)',
      '4XX': 'Refused: { status, statuscode, errors: [message] } (Greenhouse reads the HTTP status)',
      '5XX': 'Failed on the server side: { status, statuscode, errors }, the message quoting the request id',
    },
    tooManyRequests: {
      name: 'GreenhouseTooManyRequests',
      description: 'Too many requests (429.1) for this key: retry after the number of seconds in Retry-After.',
    },
    unavailable: {
      name: 'GreenhouseUnavailable',
      description: 'Not available right now (503.x): the database is unavailable, or the server is shutting down; retry after Retry-After.',
    },
  },
  register: registerGreenhouseFront,
};
