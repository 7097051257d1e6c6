import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_PREFIX = 'assay_';

/** A new key: 32 random bytes, shown once; only its SHA-256 is stored. */
export const generateApiKey = (): { apiKey: string; keyHash: string; prefix: string } => {
  const apiKey = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { apiKey, keyHash: hashApiKey(apiKey), prefix: apiKey.slice(0, KEY_PREFIX.length + 6) };
};

export const hashApiKey = (apiKey: string): string => createHash('sha256').update(apiKey, 'utf8').digest('hex');

/** Hex digests of equal length, compared without an early exit. */
export const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Keys are printable ASCII of bounded length; anything else cannot be a key and is not looked up. */
export const looksLikeApiKey = (value: string): boolean => value.length >= 16 && value.length <= 200 && /^[\x21-\x7e]+$/.test(value);
