/**
 * What retention sweeps erased in this process (issue 51 items 2 and 6), kept here without prom-client so a sweep
 * records its counts at no cost when /metrics is off; a registry reads them at each scrape. Counters only grow, as
 * Prometheus counters must; a restart starts them at 0 (Prometheus's `increase()` handles the reset).
 */

/**
 * One sweep's counts, each in its own unit (decision 1144: one metric per unit): invitations erased because their
 * attempt ended or because they were never started, attempts whose media were purged, snapshots and code histories
 * (one per coding question of an attempt) deleted.
 */
export interface RetentionSweepCounts {
  readonly erasedEnded: number;
  readonly erasedUnstarted: number;
  readonly mediaPurged: number;
  readonly snapshots: number;
  readonly playback: number;
}

export interface RetentionTotals extends RetentionSweepCounts {
  readonly sweeps: number;
  /** When the last sweep ended (epoch ms), undefined before the first. */
  readonly lastSweepAt: number | undefined;
}

const COUNTED = ['erasedEnded', 'erasedUnstarted', 'mediaPurged', 'snapshots', 'playback'] as const satisfies readonly (keyof RetentionSweepCounts)[];

const erased: Record<keyof RetentionSweepCounts, number> = { erasedEnded: 0, erasedUnstarted: 0, mediaPurged: 0, snapshots: 0, playback: 0 };
let sweeps = 0;
let lastSweepAt: number | undefined;

/**
 * Called by the retention sweep once per pass with what it erased and the pass's `now`. A count that is not a whole
 * number ≥ 0 is left out: a counter never goes down.
 */
export const recordRetentionSweep = (counts: RetentionSweepCounts, at: number): void => {
  sweeps += 1;
  lastSweepAt = at;
  for (const key of COUNTED) {
    const count = counts[key];
    if (Number.isSafeInteger(count) && count >= 0) erased[key] += count;
  }
};

export const retentionTotals = (): RetentionTotals => ({ ...erased, sweeps, lastSweepAt });
