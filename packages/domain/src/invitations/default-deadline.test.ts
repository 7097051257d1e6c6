import { describe, expect, it } from 'vitest';
import { defaultExpiryOf } from './default-deadline.js';

const NOW = Date.UTC(2026, 10, 28, 12);
const DAY = 24 * 60 * 60 * 1000;
const fresh = { created: true, expiresAt: null, defaultDeadlineDays: 7 } as const;

describe('defaultExpiryOf', () => {
  it('gives a new invitation without any deadline the org’s default, counted from now', () => {
    expect(defaultExpiryOf(fresh, NOW)).toBe(NOW + 7 * DAY);
    expect(defaultExpiryOf({ ...fresh, linkWindow: { accessTime: 0 } }, NOW)).toBe(NOW + 7 * DAY);
  });

  it('leaves alone an org without a default, an invitation registered again, and one with a deadline already', () => {
    expect(defaultExpiryOf({ ...fresh, defaultDeadlineDays: null }, NOW)).toBeNull();
    expect(defaultExpiryOf({ ...fresh, created: false }, NOW)).toBeNull();
    expect(defaultExpiryOf({ ...fresh, expiresAt: NOW + DAY }, NOW)).toBeNull();
    expect(defaultExpiryOf({ ...fresh, linkWindow: { accessTime: 1, start: NOW - DAY, end: NOW + 30 * DAY } }, NOW)).toBeNull();
  });
});
