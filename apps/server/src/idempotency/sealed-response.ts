import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Kept responses can hold secrets (a new org's API key, a webhook secret) that Assay otherwise stores only
 * hashed. So a kept response is sealed with AES-256-GCM under a key derived from the Idempotency-Key, and
 * the Idempotency-Key itself is stored only as a hash: the database alone cannot open it. Clients send
 * random keys (UUIDs), which cannot be guessed either.
 */
const sealingKey = (scope: string, idempotencyKey: string): Buffer => Buffer.from(hkdfSync('sha256', idempotencyKey, 'assay idempotency response', scope, 32));

/** What the database stores in place of the Idempotency-Key. */
export const storedKeyOf = (scope: string, idempotencyKey: string): string => createHash('sha256').update(`${scope}\n${idempotencyKey}`, 'utf8').digest('hex');

export const sealResponse = (body: string, scope: string, idempotencyKey: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(scope, idempotencyKey), iv);
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
};

export const openResponse = (stored: string, scope: string, idempotencyKey: string): string => {
  const bytes = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(scope, idempotencyKey), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
};
