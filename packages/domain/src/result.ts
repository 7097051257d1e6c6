import type { FailureCode } from './status-codes.js';

/** An expected failure: a status code from the catalogue and a message a person can act on. */
export interface Refusal {
  readonly code: FailureCode;
  readonly message: string;
  /** For refusals that pass with time (429, 503): when to try again, sent as `Retry-After`. */
  readonly retryAfterSeconds?: number;
}

/** Expected outcomes are values; exceptions are kept for bugs. */
export type Result<T> = { readonly val: T; readonly err?: undefined } | { readonly val?: undefined; readonly err: Refusal };

export const ok = <T>(val: T): Result<T> => ({ val });

export const refuse = <T = never>(code: FailureCode, message: string, retryAfterSeconds?: number): Result<T> => ({
  err: retryAfterSeconds === undefined ? { code, message } : { code, message, retryAfterSeconds },
});

export const isRefusal = <T>(result: Result<T>): result is { val?: undefined; err: Refusal } => result.err !== undefined;
