/**
 * What retention sweeps erased in this process (issue 51 items 2 and 6), kept here without prom-client so a sweep
 * records its counts at no cost when /metrics is off; a registry reads them at each scrape. Counters only grow, as
 * Prometheus counters must; a restart starts them at 0 (Prometheus's `increase()` handles the reset).
 */
const erased = new Map<string, number>();
let sweeps = 0;
let lastSweepAt: number | undefined;

/** Labels stay a bounded set of words the sweep's code names (never an id or an address). */
const KIND = /^[a-z][a-z0-9_]{0,39}$/;

export interface RetentionTotals {
  readonly sweeps: number;
  /** When the last sweep ended (epoch ms), undefined before the first. */
  readonly lastSweepAt: number | undefined;
  /** Erased so far, by kind (`invitations`, `snapshots`, …: whatever the sweep counts). */
  readonly erased: ReadonlyMap<string, number>;
}

/**
 * Called by the retention sweep once per pass with what it erased, by kind (e.g. `{ invitations: 3, snapshots: 12 }`),
 * and the pass's `now`. A kind that is not a short lower-case word, or a count that is not a whole number ≥ 0, is ignored.
 */
export const recordRetentionSweep = (counts: Readonly<Record<string, number>>, at: number): void => {
  sweeps += 1;
  lastSweepAt = at;
  for (const [kind, count] of Object.entries(counts)) {
    if (!KIND.test(kind) || !Number.isSafeInteger(count) || count < 0) continue;
    erased.set(kind, (erased.get(kind) ?? 0) + count);
  }
};

export const retentionTotals = (): RetentionTotals => ({ sweeps, lastSweepAt, erased: new Map(erased) });
