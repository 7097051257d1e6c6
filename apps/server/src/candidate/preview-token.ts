import { createHash, randomBytes } from 'node:crypto';
import { PREVIEW_TOKEN_PREFIX } from '@assay/domain';

/**
 * A preview link's token (decision 1493): the preview prefix then 32 random bytes, base64url, unguessable; the store
 * keeps only its SHA-256, so the database never holds a link that opens.
 */
export const newPreviewToken = (): string => `${PREVIEW_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

export const previewTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
