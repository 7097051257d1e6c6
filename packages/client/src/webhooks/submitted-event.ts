import { SubmittedEvent } from '@assay/domain/report';
import { z } from 'zod';
import { normalise } from '../core/lenient.js';
import type { HeadersLike } from './standard-webhooks.js';
import { verifySignedJson, type VerifyOptions } from './verify-signed-json.js';
import { WebhookVerificationError } from './webhook-verification-error.js';

/**
 * A "submitted" event body (the opt-in Assay extension sent to a registration's `submittedCallbackURL`), read like
 * every answer: keys in another case, numbers sent as strings; keys the event does not know (yet) dropped. Anything
 * else — a completion callback included — is not one.
 */
export const parseSubmittedEvent = (payload: unknown): SubmittedEvent => {
  const parsed = SubmittedEvent.safeParse(normalise(payload, SubmittedEvent));
  if (!parsed.success) throw new WebhookVerificationError('invalid_payload', `Not a submitted event: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
};

/**
 * Checks a "submitted" event the way Assay signs it — the same Standard Webhooks signature, secrets and tolerance
 * as the completion callback — and answers its payload, typed: `{ type: 'submitted', TestInvitationId,
 * CandidateEmailId, SubmittedOn, AwaitingReview }`. Throws WebhookVerificationError when anything is off.
 */
export const verifySubmittedEvent = async (
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: HeadersLike,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): Promise<SubmittedEvent> => parseSubmittedEvent(await verifySignedJson(rawBody, headers, secret, options));
