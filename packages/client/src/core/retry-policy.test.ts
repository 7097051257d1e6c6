import { describe, expect, it } from 'vitest';
import { backoffMs, defaultRetryPolicy, parseRetryAfter, retryDelayMs, type AttemptFailure } from './retry-policy.js';

const NOW = Date.UTC(2026, 2, 1, 10, 0, 0);
const status = (code: number, statuscode: string | null = null, retryAfterMs?: number): AttemptFailure => ({
  kind: 'status',
  status: code,
  statuscode,
  retryAfterMs,
});
const context = { retriesMade: 0, idempotent: true, hasIdempotencyKey: false, random: () => 0 };

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:00:00 GMT', NOW)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
    expect(parseRetryAfter('1.5', NOW)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('doubles from the initial delay up to the largest, less up to a quarter of jitter', () => {
    expect([0, 1, 2, 3, 4, 5].map((retries) => backoffMs(defaultRetryPolicy, retries, () => 0))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(backoffMs(defaultRetryPolicy, 1, () => 0.999)).toBeGreaterThanOrEqual(750);
    expect(backoffMs(defaultRetryPolicy, 1, () => 0.999)).toBeLessThan(1000);
  });
});

describe('whether and when to retry', () => {
  it('retries 429, 503, network errors and time-outs of idempotent calls', () => {
    for (const failure of [status(429), status(503), { kind: 'network' } as const, { kind: 'timeout' } as const]) {
      expect(retryDelayMs(defaultRetryPolicy, failure, context)).toBe(500);
    }
  });

  it('never retries other statuses, non-idempotent calls, or beyond the budget', () => {
    for (const code of [400, 401, 403, 404, 409, 422, 500, 502]) expect(retryDelayMs(defaultRetryPolicy, status(code), context)).toBeUndefined();
    expect(retryDelayMs(defaultRetryPolicy, status(503), { ...context, idempotent: false })).toBeUndefined();
    expect(retryDelayMs(defaultRetryPolicy, status(503), { ...context, retriesMade: 2 })).toBeUndefined();
  });

  it('retries 409.1 only when an Idempotency-Key was sent (the first request is still in flight)', () => {
    expect(retryDelayMs(defaultRetryPolicy, status(409, '409.1'), context)).toBeUndefined();
    expect(retryDelayMs(defaultRetryPolicy, status(409, '409.1'), { ...context, hasIdempotencyKey: true })).toBe(500);
  });

  it("takes the server's Retry-After over the backoff, up to the bound", () => {
    expect(retryDelayMs(defaultRetryPolicy, status(429, '429.1', 7_000), context)).toBe(7_000);
    expect(retryDelayMs(defaultRetryPolicy, status(429, '429.1', 60_000), context)).toBe(60_000);
    expect(retryDelayMs(defaultRetryPolicy, status(429, '429.1', 60_001), context)).toBeUndefined();
  });
});
