import type { FastifyReply } from 'fastify';
import type { Refusal } from '@assay/domain';
import { RefusalError } from '../refusal-error.js';

/** A refusal that passes with time (a budget, a full queue): the answer says when to try again. */
export class RetryLaterError extends RefusalError {
  constructor(
    refusal: Refusal,
    readonly retryAfterMs: number,
  ) {
    super(refusal);
  }

  /** Whole seconds, rounded up and at least 1, as `Retry-After` needs them. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }
}

/**
 * Awaits `work`; when it is refused with a RetryLaterError, sets `Retry-After` before the error handler
 * answers with the envelope (Fastify keeps headers set on the reply, except the content type and length).
 */
export const withRetryAfter = async <T>(reply: FastifyReply, work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
};
