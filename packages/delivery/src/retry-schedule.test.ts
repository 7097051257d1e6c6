import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS } from './retry-after.js';
import { nextRetryDelayMs, RETRY_SCHEDULE_MS } from './retry-schedule.js';

const HOUR = 3_600_000;
const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

describe('RETRY_SCHEDULE_MS', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(RETRY_SCHEDULE_MS).toEqual([5_000, 300_000, 1_800_000, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR]);
  });

  it('keeps retrying for at least 24 hours (about 27.6 h)', () => {
    expect(sum(RETRY_SCHEDULE_MS)).toBeGreaterThanOrEqual(24 * HOUR);
    expect(sum(RETRY_SCHEDULE_MS) / HOUR).toBeCloseTo(27.58, 2);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(RETRY_SCHEDULE_MS)).toBe(true);
  });
});

describe('nextRetryDelayMs', () => {
  it.each(RETRY_SCHEDULE_MS.map((delay, index) => [index + 1, delay] as const))('after %i failures waits %i ms, plus up to 20 %%', (failedAttempts, delay) => {
    expect(nextRetryDelayMs(failedAttempts, () => 0)).toBe(delay);
    expect(nextRetryDelayMs(failedAttempts, () => 0.5)).toBe(Math.round(delay * 1.1));
    const highest = nextRetryDelayMs(failedAttempts, () => 0.999_999) ?? 0;
    expect(highest).toBeLessThanOrEqual(Math.round(delay * 1.2));
    expect(highest).toBeGreaterThan(delay * 1.19);
  });

  it('stays within the jitter bounds for any random value', () => {
    for (let draw = 0; draw < 1000; draw += 1) {
      const delay = nextRetryDelayMs(3, Math.random) ?? 0;
      expect(delay).toBeGreaterThanOrEqual(1_800_000);
      expect(delay).toBeLessThanOrEqual(1.2 * 1_800_000);
    }
  });

  it('waits at least as long as Retry-After asks', () => {
    expect(nextRetryDelayMs(1, () => 0.5, 60_000)).toBe(60_000);
    expect(nextRetryDelayMs(1, () => 0, 1_000)).toBe(5_000);
    expect(nextRetryDelayMs(4, () => 0.5, 3 * HOUR)).toBe(3 * HOUR);
    expect(nextRetryDelayMs(1, () => 0.5, 30 * 24 * HOUR)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('is exhausted after the seventh retry: the job is dead, whatever Retry-After says', () => {
    expect(nextRetryDelayMs(7, () => 0)).toBe(10 * HOUR);
    expect(nextRetryDelayMs(8, () => 0.5)).toBeUndefined();
    expect(nextRetryDelayMs(8, () => 0.5, 5_000)).toBeUndefined();
    expect(nextRetryDelayMs(20, () => 0.5)).toBeUndefined();
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects %s failed attempts as a bug', (failedAttempts) => {
    expect(() => nextRetryDelayMs(failedAttempts, () => 0.5)).toThrow(RangeError);
  });
});
