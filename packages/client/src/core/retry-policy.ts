/** How hard a client tries again; the defaults follow openai-node (2 retries, 0.5 s doubling up to 8 s). */
export interface RetryPolicy {
  /** Retries after the first attempt; 0 turns retrying off. */
  retries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited out: the error goes to the caller, who can decide. */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { retries: 2, initialDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

/** What went wrong with one attempt, as far as retrying cares. */
export type AttemptFailure =
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'status'; status: number; statuscode: string | null; retryAfterMs: number | undefined };

export interface RetryContext {
  /** Retries already made (0 after the first attempt). */
  retriesMade: number;
  /** GETs that change nothing, PUTs, and anything sent with an Idempotency-Key. */
  idempotent: boolean;
  /** The request carried an Idempotency-Key: a 409.1 means the first one is still in flight. */
  hasIdempotencyKey: boolean;
  /** In [0, 1), for jitter; tests pass a fixed one. */
  random: () => number;
}

const retryableStatus = (failure: Extract<AttemptFailure, { kind: 'status' }>, hasIdempotencyKey: boolean): boolean =>
  failure.status === 429 || failure.status === 503 || (hasIdempotencyKey && failure.statuscode === '409.1');

/**
 * The wait before the next attempt, or undefined to give up. Only idempotent requests are retried, since a
 * lost answer may hide a done deed. The server's `Retry-After` wins over the backoff when it is not too long.
 */
export const retryDelayMs = (policy: RetryPolicy, failure: AttemptFailure, context: RetryContext): number | undefined => {
  if (!context.idempotent || context.retriesMade >= policy.retries) return undefined;
  if (failure.kind === 'status') {
    if (!retryableStatus(failure, context.hasIdempotencyKey)) return undefined;
    if (failure.retryAfterMs !== undefined) return failure.retryAfterMs <= policy.maxRetryAfterMs ? failure.retryAfterMs : undefined;
  }
  return backoffMs(policy, context.retriesMade, context.random);
};

/** Exponential backoff with jitter: the doubled delay, less up to a quarter, so clients spread out. */
export const backoffMs = (policy: RetryPolicy, retriesMade: number, random: () => number): number => {
  const full = Math.min(policy.initialDelayMs * 2 ** retriesMade, policy.maxDelayMs);
  return Math.round(full * (1 - 0.25 * random()));
};

/** `Retry-After` as milliseconds from `now`: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export const parseRetryAfter = (value: string | null, now: number): number | undefined => {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, at - now);
};
