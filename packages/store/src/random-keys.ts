import { nanoid } from 'nanoid';

// nanoid draws from the same CSPRNG as crypto.randomBytes, but a pool at a time: one randomBytes call per key cost
// ~3 µs (a call into OpenSSL each), a tenth of a test-link creation's JavaScript. Its 64 symbols are base64url's.

/** Take-test tokens: 43 symbols (258 bits), URL-safe, unguessable. */
export const newInvitationToken = (): string => nanoid(43);

/** Access keys of tests and links: 22 symbols (132 bits), URL-safe. */
export const newAccessKey = (): string => nanoid(22);
