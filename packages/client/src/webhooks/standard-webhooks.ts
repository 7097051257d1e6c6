import { WebhookVerificationError } from './webhook-verification-error.js';

/** Raw request headers: a fetch Headers, or Node's `request.headers` (lower-case keys, arrays for repeats). */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export const headerOf = (headers: HeadersLike, name: string): string | undefined => {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
};

const base64Bytes = (text: string): Uint8Array<ArrayBuffer> | undefined => {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
};

const importSecret = async (secret: string) => {
  const bytes = base64Bytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!bytes || bytes.length === 0) throw new WebhookVerificationError('invalid_secret', 'The signing secret is not a whsec_<base64> secret.');
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
};

const concat = (head: Uint8Array, tail: Uint8Array): Uint8Array<ArrayBuffer> => {
  const all = new Uint8Array(head.byteLength + tail.byteLength);
  all.set(head, 0);
  all.set(tail, head.byteLength);
  return all;
};

export interface SignedMessage {
  id: string;
  timestamp: string;
  /** The exact bytes received: the signature covers them, so they must not be re-serialised. */
  body: Uint8Array;
  /** The `webhook-signature` header: space-separated `v1,<base64>` entries (several during a secret rotation). */
  signatures: string;
}

/**
 * True when one `v1` signature is the HMAC-SHA256 of `${id}.${timestamp}.${body}` under one of the secrets
 * (Standard Webhooks). WebCrypto's verify compares in constant time and runs in browsers and Node alike.
 */
export const hasValidSignature = async (message: SignedMessage, secrets: readonly string[]): Promise<boolean> => {
  const signed = concat(new TextEncoder().encode(`${message.id}.${message.timestamp}.`), message.body);
  const candidates = message.signatures
    .split(' ')
    .map((entry) => entry.split(','))
    .filter(([version, signature]) => version === 'v1' && signature)
    .map(([, signature]) => base64Bytes(signature!))
    .filter((bytes) => bytes !== undefined);
  for (const secret of secrets) {
    const key = await importSecret(secret);
    for (const signature of candidates) {
      if (await crypto.subtle.verify('HMAC', key, signature, signed)) return true;
    }
  }
  return false;
};
