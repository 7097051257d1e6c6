import { describe, expect, it } from 'vitest';
import { retentionCutoffs, unstartedExpired, unstartedSince } from './retention-cutoffs.js';
import { DAY_MS } from './retention-settings.js';

const now = Date.UTC(2026, 10, 27);

describe('retention cut-offs (decisions 851, 852)', () => {
  it('puts each cut-off its period before now, and null where a period keeps', () => {
    expect(retentionCutoffs({ endedDays: 365, mediaDays: 60, unstartedDays: null }, now)).toEqual({
      ended: now - 365 * DAY_MS,
      media: now - 60 * DAY_MS,
      unstarted: null,
      unstartedWindowMs: null,
    });
  });

  it('starts an unstarted invitation’s clock at the later of its making and its window’s close', () => {
    expect(unstartedSince({ madeAt: 10, closesAt: null })).toBe(10);
    expect(unstartedSince({ madeAt: 10, closesAt: 50 })).toBe(50);
    expect(unstartedSince({ madeAt: 10, closesAt: 5 })).toBe(10);
  });

  it('erases an unstarted invitation only once its clock is past the cut-off', () => {
    const cutoffs = retentionCutoffs({ endedDays: null, mediaDays: null, unstartedDays: 30 }, now);
    const made = now - 31 * DAY_MS;
    expect(unstartedExpired({ madeAt: made, closesAt: null }, cutoffs)).toBe(true);
    expect(unstartedExpired({ madeAt: now - 30 * DAY_MS, closesAt: null }, cutoffs)).toBe(true);
    expect(unstartedExpired({ madeAt: now - 29 * DAY_MS, closesAt: null }, cutoffs)).toBe(false);
    // Its link stays open until next week: it may still be taken.
    expect(unstartedExpired({ madeAt: made, closesAt: now + 7 * DAY_MS }, cutoffs)).toBe(false);
    expect(unstartedExpired({ madeAt: made, closesAt: null }, retentionCutoffs({ endedDays: null, mediaDays: null, unstartedDays: null }, now))).toBe(false);
  });

  it('counts a window for at most the period after the invitation was made: an expiry in year 9999 does not escape (decision 1009)', () => {
    const cutoffs = retentionCutoffs({ endedDays: null, mediaDays: null, unstartedDays: 30 }, now);
    const year9999 = Date.UTC(9999, 11, 31);
    expect(unstartedSince({ madeAt: 10, closesAt: year9999 }, 30 * DAY_MS)).toBe(10 + 30 * DAY_MS);
    // Made 61 days ago: its window counted until 31 days ago, past the cut-off of 30 days ago.
    expect(unstartedExpired({ madeAt: now - 61 * DAY_MS, closesAt: year9999 }, cutoffs)).toBe(true);
    expect(unstartedExpired({ madeAt: now - 59 * DAY_MS, closesAt: year9999 }, cutoffs)).toBe(false);
    // A window shorter than the period still counts whole.
    expect(unstartedExpired({ madeAt: now - 45 * DAY_MS, closesAt: now - 10 * DAY_MS }, cutoffs)).toBe(false);
  });
});
