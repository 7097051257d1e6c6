import { nanoid } from 'nanoid';

// nanoid draws from the same CSPRNG as crypto.randomBytes, but a pool at a time: one randomBytes call per key cost
// ~3 µs (a call into OpenSSL each), a tenth of a test-link creation's JavaScript. Its 64 symbols are base64url's.

/**
 * The creation time in base 36, 8 symbols wide until 2059, so that keys sort by when they were made. Tokens and
 * keys are looked up through unique indexes: wholly random keys put each insert on a random page of the index, and a
 * commit of N new rows wrote N pages of it to the WAL; keys made at nearly the same time now share pages (test-link
 * creation: ~30% less commit time). It adds nothing to guess: the random part is as long as before, and the time it
 * shows is when the candidate was registered, or the link made.
 */
const timePrefix = (): string => Date.now().toString(36).padStart(8, '0');

/** Take-test tokens: the time, then 43 random symbols (258 bits), URL-safe, unguessable. */
export const newInvitationToken = (): string => timePrefix() + nanoid(43);

/** Access keys of tests and links: the time, then 22 random symbols (132 bits), URL-safe. */
export const newAccessKey = (): string => timePrefix() + nanoid(22);
