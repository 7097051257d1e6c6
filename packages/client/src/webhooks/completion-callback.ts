import { CompletionCallback } from '@assay/domain/report';
import { z } from 'zod';
import { normalise } from '../core/lenient.js';
import { WebhookVerificationError } from './webhook-verification-error.js';

/**
 * A completion callback body, read tolerantly: keys with the sample's trailing spaces (`"TotalScore "`) or in
 * another case, scores sent as strings; unknown keys dropped. Answers the spec's six fields, typed.
 */
export const parseCompletionCallback = (payload: unknown): CompletionCallback => {
  const parsed = CompletionCallback.safeParse(normalise(payload, CompletionCallback));
  if (!parsed.success) throw new WebhookVerificationError('invalid_payload', `Not a completion callback: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
};
