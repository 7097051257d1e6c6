import { MAX_RETRY_AFTER_MS } from './retry-after.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The delay after failed attempt n (index n - 1). Quick at first, for blips; then spread out so that an
 * integrator's outage of up to a day is survived: the delays add up to about 27.6 h, 8 attempts in all.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = Object.freeze([5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR]);

/**
 * Up to +20 %: spreads the retries of a burst that failed together over minutes, not seconds. Jitter only
 * lengthens a delay, so the retries always span the schedule's 27.6 h, never less than a day.
 */
const JITTER = 0.2;

/**
 * How long to wait after `failedAttempts` failures (1 after the first), lengthened by jitter with `random` in [0, 1)
 * and never less than the receiver's Retry-After. Undefined once the schedule is exhausted: the job is
 * dead, whatever Retry-After says.
 */
export const nextRetryDelayMs = (failedAttempts: number, random: () => number, retryAfterMs?: number): number | undefined => {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) {
    throw new RangeError(`failedAttempts must be a positive integer, got ${failedAttempts}`);
  }
  const base = RETRY_SCHEDULE_MS[failedAttempts - 1];
  if (base === undefined) return undefined;
  const jittered = Math.round(base * (1 + JITTER * random()));
  const floor = retryAfterMs === undefined ? 0 : Math.min(Math.max(retryAfterMs, 0), MAX_RETRY_AFTER_MS);
  return Math.max(jittered, floor);
};
