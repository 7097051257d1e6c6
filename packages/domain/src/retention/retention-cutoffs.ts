import { DAY_MS, type RetentionSettings } from './retention-settings.js';

/**
 * The instants a sweep at `now` erases before (decision 851): an ended invitation whose end is at or before `ended`,
 * the media of an attempt that ended at or before `media`, an unstarted invitation whose clock (`unstartedSince`) is at
 * or before `unstarted`. Null: that rule keeps everything. Computed from the settings as they are now, so lowering a
 * period reaches back over everything already older (retroactive).
 */
export interface RetentionCutoffs {
  readonly ended: number | null;
  readonly media: number | null;
  readonly unstarted: number | null;
  /** How long an unstarted invitation's window may hold its clock back at most: the `unstartedDays` period (decision 1009). */
  readonly unstartedWindowMs: number | null;
}

const before = (now: number, days: number | null): number | null => (days === null ? null : now - days * DAY_MS);

export const retentionCutoffs = (settings: RetentionSettings, now: number): RetentionCutoffs => ({
  ended: before(now, settings.endedDays),
  media: before(now, settings.mediaDays),
  unstarted: before(now, settings.unstartedDays),
  unstartedWindowMs: settings.unstartedDays === null ? null : settings.unstartedDays * DAY_MS,
});

/**
 * When an unstarted invitation's retention clock starts (decision 852): when it was last made or reset, or, if its
 * window (its own expiry, its link's end) closes later, then — but a window counts for at most `windowMs` after the
 * invitation was made (decision 1009): a caller who sets an expiry in year 9999 does not escape retention, and the
 * invitation goes at most twice the period after it was made.
 */
export const unstartedSince = (facts: { madeAt: number; closesAt: number | null }, windowMs: number | null = null): number => {
  if (facts.closesAt === null) return facts.madeAt;
  const closesAt = windowMs === null ? facts.closesAt : Math.min(facts.closesAt, facts.madeAt + windowMs);
  return Math.max(facts.madeAt, closesAt);
};

/** Whether an unstarted invitation is past its cut-off. */
export const unstartedExpired = (facts: { madeAt: number; closesAt: number | null }, cutoffs: RetentionCutoffs): boolean =>
  cutoffs.unstarted !== null && unstartedSince(facts, cutoffs.unstartedWindowMs) <= cutoffs.unstarted;
