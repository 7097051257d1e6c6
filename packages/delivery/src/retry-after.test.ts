import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after.js';

const now = Date.UTC(2025, 0, 15, 12, 0, 0);

describe('parseRetryAfter', () => {
  it.each([
    ['7', 7_000],
    [' 120 ', 120_000],
    ['0', 0],
    ['86400', MAX_RETRY_AFTER_MS],
    ['86401', MAX_RETRY_AFTER_MS],
    ['99999999999999999999', MAX_RETRY_AFTER_MS],
  ])('reads delta-seconds %j as %s ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it.each([
    ['Wed, 15 Jan 2025 12:05:00 GMT', 300_000],
    ['Wednesday, 15-Jan-25 12:00:30 GMT', 30_000],
    ['Wed Jan 15 12:01:00 2025', 60_000],
    ['Wed, 15 Jan 2025 11:00:00 GMT', 0],
    ['Fri, 17 Jan 2025 12:00:00 GMT', MAX_RETRY_AFTER_MS],
  ])('reads the HTTP-date %j as %s ms from now', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it.each([undefined, '', '-5', '1.5', '5s', 'soon', '  '])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
