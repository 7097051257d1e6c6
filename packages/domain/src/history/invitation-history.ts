import type { HistoryEntry, HistoryOmission, InvitationHistory, StoredHistoryEntry } from './history-events.js';
import { exportEntriesOf, type TestExport } from './test-exports.js';

/** What the invitation row says of its creation, for an invitation whose history began after it was created. */
export interface InvitationOrigin {
  readonly id: number;
  readonly createdAt: number;
  readonly previousInvitationId: number | null;
  /** When the row says the current attempt was completed (null unless Completed): for exports of older invitations. */
  readonly completedAt?: number | null;
}

const iso = (at: number) => new Date(at).toISOString();

/**
 * An invitation's history as answered: oldest first, in the order recorded among entries of the same instant. An
 * invitation created before histories were kept (or whose `created` entry was never written: it is recorded just after
 * the registration commits) gets a `created` entry rebuilt from its row, marked `reconstructed`, by `system` (the key
 * is not known), via `reattempt` when the row names its previous attempt and `unknown` otherwise. The test's exports
 * (`exports`, stored once each) add a `report-downloaded` entry for each one made while the invitation was Completed.
 * `omitted` says, per kind, how many entries the store no longer keeps (decision 634).
 */
export const invitationHistoryOf = (
  origin: InvitationOrigin,
  stored: readonly StoredHistoryEntry[],
  exports: readonly TestExport[] = [],
  omitted: readonly HistoryOmission[] = [],
): InvitationHistory => {
  const all = [...stored, ...exportEntriesOf(origin.completedAt ?? null, stored, exports)];
  const entries: HistoryEntry[] = all.map(({ at, by, event }) => ({ at: iso(at), by, ...event }));
  if (!stored.some(({ event }) => event.kind === 'created')) {
    const previous = origin.previousInvitationId;
    entries.unshift({
      at: iso(origin.createdAt),
      by: 'system',
      reconstructed: true,
      kind: 'created',
      details: { via: previous === null ? 'unknown' : 'reattempt', previousInvitationId: previous },
    });
  }
  // A stable sort: entries of the same instant keep the order they were recorded in.
  entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { testInvitationId: origin.id, entries, omitted: [...omitted] };
};
