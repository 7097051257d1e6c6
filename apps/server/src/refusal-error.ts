import type { Refusal, RefusalKind, Result } from '@assay/domain';

/**
 * Carries a domain refusal out of a handler to the one error handler that answers it. A refusal is an
 * expected answer, not a bug: it carries no stack trace, whose capture was a visible share of the CPU
 * of a refused request (a wrong API key, a missing id).
 */
export class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(refusal.message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'RefusalError';
  }
}

export const refusal = (kind: RefusalKind, message: string, retryAfterSeconds?: number): RefusalError =>
  new RefusalError(retryAfterSeconds === undefined ? { kind, message } : { kind, message, retryAfterSeconds });

/** The value of a result, or the refusal thrown for the error handler. */
export const unwrap = <T>(result: Result<T>): T => {
  if (result.err) throw new RefusalError(result.err);
  return result.val as T;
};

/** Unknown and other orgs' ids answer alike (tenant isolation). */
export const found = <T>(value: T | undefined, kind: RefusalKind, message: string): T => {
  if (value === undefined) throw refusal(kind, message);
  return value;
};
