import { API_KEY_SECURITY } from '../api-key-security.js';
import type { FrontDescriptor } from '../front-descriptor.js';
import { ENVELOPE_DOCUMENTATION } from './documentation.js';
import { v2Front } from './failures.js';
import { registerV2Front } from './register.js';

/** The org API in v2's envelope `{ statuscode, description, result }` (docs/assessment-api-v2.md). */
export const v2FrontDescriptor: FrontDescriptor = {
  name: 'v2',
  prefix: '/v2/org',
  front: v2Front,
  security: API_KEY_SECURITY,
  rateLimit: 'orgApi',
  // Stripe-style retries of the org's POSTs (README, "Idempotency").
  idempotencyKeys: true,
  documentation: ENVELOPE_DOCUMENTATION,
  register: registerV2Front,
};
