import type { RefusalKind } from './refusals/refusal-kind.js';

/** An expected failure: what went wrong (a kind of the catalogue) and a message a person can act on. */
export interface Refusal {
  readonly kind: RefusalKind;
  readonly message: string;
  /** For refusals that pass with time (too many requests, busy): when to try again, sent as `Retry-After`. */
  readonly retryAfterSeconds?: number;
}

/** Expected outcomes are values; exceptions are kept for bugs. */
export type Result<T> = { readonly val: T; readonly err?: undefined } | { readonly val?: undefined; readonly err: Refusal };

export const ok = <T>(val: T): Result<T> => ({ val });

export const refuse = <T = never>(kind: RefusalKind, message: string, retryAfterSeconds?: number): Result<T> => ({
  err: retryAfterSeconds === undefined ? { kind, message } : { kind, message, retryAfterSeconds },
});

export const isRefusal = <T>(result: Result<T>): result is { val?: undefined; err: Refusal } => result.err !== undefined;
