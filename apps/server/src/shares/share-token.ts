import { createHash, randomBytes } from 'node:crypto';

/**
 * A report share's token (decision 1434): 32 random bytes, base64url (43 characters), unguessable; the store keeps only
 * its SHA-256, so the database never holds a link that opens. Random rather than an HMAC of the share: revoking is
 * the row's, and nothing about the link (org, invitation, expiry) is readable in it.
 */
export const newShareToken = (): string => randomBytes(32).toString('base64url');

export const shareTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** What a token looks like; anything else is unknown without a lookup. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const sharedReportPath = (token: string): string => `/shared/${token}`;
export const sharedReportPdfPath = (token: string): string => `/shared/${token}/pdf`;
