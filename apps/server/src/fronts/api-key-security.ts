import type { FrontSecurity } from './front-descriptor.js';

/** The org API key in `x-api-key`: v2's scheme, and v3's (the same keys, decision 846). */
export const API_KEY_SECURITY: FrontSecurity = { name: 'apiKey', scheme: { type: 'apiKey', in: 'header', name: 'x-api-key' } };
