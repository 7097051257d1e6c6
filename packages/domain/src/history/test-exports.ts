import type { HistoryBy, StoredHistoryEntry } from './history-events.js';

/**
 * A download of a whole test's report (an Excel export), stored once per export (migration 036), not once per invitation
 * it contains. Each invitation's history shows it as a `report-downloaded` entry when the invitation was Completed at
 * the export's instant — what a per-invitation row written at the export said, without 100k rows per export.
 */
export interface TestExport {
  readonly at: number;
  readonly by: HistoryBy;
  readonly format: 'excel';
}

/**
 * The newest exports an invitation's history considers: a test exported many times still answers its history from one
 * bounded read. Older exports than these are not listed (decision 505).
 */
export const TEST_EXPORT_HISTORY_LIMIT = 200;

/** A stretch of time during which the invitation was Completed: from `from`, until `until` (excluded) or for good. */
export interface CompletedWindow {
  readonly from: number;
  readonly until: number | null;
}

/**
 * When the invitation was Completed, from its own entries: each `submitted` opens a window (the move to Completed) and
 * the next `reset` closes it (the only move out of Completed; a reattempt leaves it Completed). The row's
 * `completedAt` opens the current window when no entry does — an invitation completed before histories were kept.
 */
export const completedWindowsOf = (completedAt: number | null, stored: readonly StoredHistoryEntry[]): CompletedWindow[] => {
  const moves = stored
    .filter(({ event }) => event.kind === 'submitted' || event.kind === 'reset')
    .map(({ at, event }) => ({ at, kind: event.kind }))
    .sort((a, b) => a.at - b.at);
  const windows: CompletedWindow[] = [];
  let open: number | null = null;
  for (const move of moves) {
    if (move.kind === 'submitted' && open === null) open = move.at;
    if (move.kind === 'reset' && open !== null) {
      windows.push({ from: open, until: move.at });
      open = null;
    }
  }
  if (open !== null) windows.push({ from: open, until: null });
  else if (completedAt !== null && !windows.some(({ from }) => from === completedAt)) windows.push({ from: completedAt, until: null });
  return windows;
};

/** The earliest instant an export could name this invitation, or null when it was never Completed (no export does). */
export const firstCompletionOf = (completedAt: number | null, stored: readonly StoredHistoryEntry[]): number | null => {
  const windows = completedWindowsOf(completedAt, stored);
  return windows.length === 0 ? null : Math.min(...windows.map(({ from }) => from));
};

const sameKey = (a: HistoryBy, b: HistoryBy) => (typeof a === 'object' && typeof b === 'object' ? a.keyId === b.keyId : a === b);

/**
 * The test's exports that included this invitation, as its history's `report-downloaded` entries: an export at an
 * instant the invitation was Completed (its completion at the same instant counts: the export read it so). An entry
 * already stored for the same export — an export made before migration 036 wrote one per invitation — is not repeated.
 */
export const exportEntriesOf = (completedAt: number | null, stored: readonly StoredHistoryEntry[], exports: readonly TestExport[]): StoredHistoryEntry[] => {
  const windows = completedWindowsOf(completedAt, stored);
  const storedExcel = stored.filter(({ event }) => event.kind === 'report-downloaded' && event.details.format === 'excel');
  return exports
    .filter(({ at }) => windows.some(({ from, until }) => from <= at && (until === null || at < until)))
    .filter(({ at, by }) => !storedExcel.some((entry) => entry.at === at && sameKey(entry.by, by)))
    .map(({ at, by, format }) => ({ at, by, event: { kind: 'report-downloaded', details: { format } } }));
};
