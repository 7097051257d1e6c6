import { randomBytes } from 'node:crypto';

/** Take-test tokens: 256 bits, URL-safe, unguessable. */
export const newInvitationToken = (): string => randomBytes(32).toString('base64url');

/** Access keys of tests and links: 128 bits, URL-safe. */
export const newAccessKey = (): string => randomBytes(16).toString('base64url');
