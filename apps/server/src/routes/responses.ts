import type { z } from 'zod';
import { FailureEnvelope, successEnvelope } from '@assay/domain/v2';

/** Response schemas of a v2 route: the success envelope around `result`, and the failure envelope. */
export const envelopeResponses = <T extends z.ZodType>(result: T) => ({
  200: successEnvelope(result),
  '4xx': FailureEnvelope,
  '5xx': FailureEnvelope,
});

export const apiKeySecurity = [{ apiKey: [] }];
