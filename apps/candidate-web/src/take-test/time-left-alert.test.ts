import { describe, expect, it } from 'vitest';
import { timeLeftAlertOf } from './time-left-alert.js';

describe('the time-left warning the timer calls for (time-left-alert.ts)', () => {
  it('none above five minutes, the five-minute one up to the last minute, then the last-minute one', () => {
    expect(timeLeftAlertOf(39 * 60_000)).toBe('none');
    expect(timeLeftAlertOf(5 * 60_000 + 1)).toBe('none');
    expect(timeLeftAlertOf(5 * 60_000)).toBe('warn');
    expect(timeLeftAlertOf(60_001)).toBe('warn');
    expect(timeLeftAlertOf(60_000)).toBe('urgent');
    expect(timeLeftAlertOf(1)).toBe('urgent');
  });

  it('follows a remaining time corrected upwards: 30 s, then 39 minutes, calls for no warning any more', () => {
    expect([30_000, 39 * 60_000].map(timeLeftAlertOf)).toEqual(['urgent', 'none']);
  });
});
