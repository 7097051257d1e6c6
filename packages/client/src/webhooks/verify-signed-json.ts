import { hasValidSignature, headerOf, type HeadersLike } from './standard-webhooks.js';
import { WebhookVerificationError } from './webhook-verification-error.js';

export interface VerifyOptions {
  /** How far webhook-timestamp may be from now, either way; default 300 s (Standard Webhooks' 5 minutes). */
  toleranceSec?: number;
  /** Epoch milliseconds; tests pass a fixed one. */
  now?: number;
}

/**
 * What every Assay webhook verifier does before reading its payload (Standard Webhooks: webhook-id,
 * webhook-timestamp, webhook-signature): the headers are there, the timestamp is within the tolerance, one
 * signature matches the raw body under one of the secrets, and the body is JSON. Answers the parsed JSON, not yet
 * typed; throws WebhookVerificationError when anything is off.
 */
export const verifySignedJson = async (
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: HeadersLike,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): Promise<unknown> => {
  const id = headerOf(headers, 'webhook-id');
  const timestamp = headerOf(headers, 'webhook-timestamp');
  const signatures = headerOf(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('missing_headers', 'The webhook-id, webhook-timestamp and webhook-signature headers are required.');
  }
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError('invalid_timestamp', `webhook-timestamp is not Unix seconds: ${timestamp}`);
  const skewSec = Math.abs((options.now ?? Date.now()) / 1000 - Number(timestamp));
  const toleranceSec = options.toleranceSec ?? 300;
  if (skewSec > toleranceSec) {
    throw new WebhookVerificationError('stale_timestamp', `webhook-timestamp is ${Math.round(skewSec)} s away from now (tolerance ${toleranceSec} s).`);
  }
  const body = typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : rawBody instanceof Uint8Array ? rawBody : new Uint8Array(rawBody);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (!(await hasValidSignature({ id, timestamp, body, signatures }, secrets))) {
    throw new WebhookVerificationError('invalid_signature', 'No webhook-signature matches the body under the given secret.');
  }
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'The body is not JSON.');
  }
};
