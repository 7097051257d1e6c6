import type { CompletionCallback } from '@assay/domain/report';
import { parseCompletionCallback } from './completion-callback.js';
import type { HeadersLike } from './standard-webhooks.js';
import { verifySignedJson, type VerifyOptions } from './verify-signed-json.js';

/**
 * Checks a completion callback the way Assay signs it (Standard Webhooks: webhook-id, webhook-timestamp,
 * webhook-signature) and answers its payload, typed and normalised. Pass the raw body exactly as received
 * and every current secret (two during a rotation); throws WebhookVerificationError when anything is off.
 */
export const verifyCompletionCallback = async (
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: HeadersLike,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): Promise<CompletionCallback> => parseCompletionCallback(await verifySignedJson(rawBody, headers, secret, options));
