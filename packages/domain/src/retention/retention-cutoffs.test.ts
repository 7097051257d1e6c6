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
});
