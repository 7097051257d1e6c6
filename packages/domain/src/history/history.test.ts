import { describe, expect, it } from 'vitest';
import { departureEvidenceIds, EvidenceReviewInput, evidenceIdText, parseEvidenceId } from './evidence-review.js';
import { HistoryEntry, HistoryEvent } from './history-events.js';
import { invitationHistoryOf } from './invitation-history.js';
import { historyOfMove } from './move-history.js';

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);

describe('historyOfMove', () => {
  it('names each effect of the invitation machine, and nothing for a move without one', () => {
    expect(historyOfMove({ kind: 'none' }, undefined)).toEqual([]);
    expect(historyOfMove({ kind: 'cancel', cancelledAt: T0 }, undefined)).toEqual([{ kind: 'cancelled', details: {} }]);
    expect(historyOfMove({ kind: 'startAttempt', startedAt: T0, deadline: T0 + 1 }, undefined)).toEqual([{ kind: 'started', details: {} }]);
    expect(historyOfMove({ kind: 'completeAttempt', completedAt: T0, proctoring: { wv: 0, tv: 0, leftAt: null } }, undefined)).toEqual([
      { kind: 'submitted', details: {} },
    ]);
    expect(historyOfMove({ kind: 'clearAttempt' }, undefined)).toEqual([{ kind: 'reset', details: {} }]);
    expect(historyOfMove({ kind: 'createReattempt' }, 42)).toEqual([{ kind: 'reattempted', details: { newInvitationId: 42 } }]);
  });

  it('says every event in the shape the union accepts', () => {
    for (const event of historyOfMove({ kind: 'createReattempt' }, 7)) expect(HistoryEvent.parse(event)).toEqual(event);
  });
});

describe('invitationHistoryOf', () => {
  const origin = { id: 5, createdAt: T0, previousInvitationId: null };

  it('answers the stored entries oldest first, keeping the recorded order within one instant', () => {
    const history = invitationHistoryOf(origin, [
      { at: T0, by: { keyId: 1, label: 'Recruiting' }, event: { kind: 'created', details: { via: 'api', previousInvitationId: null } } },
      { at: T0 + 2000, by: 'candidate', event: { kind: 'submitted', details: {} } },
      { at: T0 + 1000, by: 'candidate', event: { kind: 'started', details: {} } },
      { at: T0 + 2000, by: 'system', event: { kind: 'scored', details: { score: 80, awaitingReview: 0 } } },
    ]);
    expect(history.entries.map((entry) => entry.kind)).toEqual(['created', 'started', 'submitted', 'scored']);
    expect(history.entries[0]).toEqual({ at: new Date(T0).toISOString(), by: { keyId: 1, label: 'Recruiting' }, kind: 'created', details: { via: 'api', previousInvitationId: null } });
    for (const entry of history.entries) expect(HistoryEntry.parse(entry)).toEqual(entry);
  });

  it('rebuilds a missing created entry from the invitation row, marked reconstructed, by the system', () => {
    const history = invitationHistoryOf({ id: 9, createdAt: T0, previousInvitationId: 4 }, [{ at: T0 + 5, by: 'candidate', event: { kind: 'started', details: {} } }]);
    expect(history.entries[0]).toEqual({
      at: new Date(T0).toISOString(),
      by: 'system',
      reconstructed: true,
      kind: 'created',
      details: { via: 'reattempt', previousInvitationId: 4 },
    });
    expect(invitationHistoryOf(origin, []).entries[0]?.details).toEqual({ via: 'unknown', previousInvitationId: null });
  });
});

describe('evidence ids', () => {
  it('name a departure by the instant it began and a snapshot by its id, and nothing else', () => {
    expect(parseEvidenceId(`departure-${T0}`)).toEqual({ type: 'departure', leftAt: T0 });
    expect(parseEvidenceId('snapshot-12')).toEqual({ type: 'snapshot', snapshotId: 12 });
    for (const text of ['snapshot-0', 'snapshot-012', 'snapshot-', 'photo-3', 'departure-99999999999999999', 'snapshot-1x', ' snapshot-1']) {
      expect(parseEvidenceId(text)).toBeUndefined();
    }
    expect(evidenceIdText({ type: 'snapshot', snapshotId: 3 })).toBe('snapshot-3');
  });

  it('list the departures wv counts, a reload within the grace being none', () => {
    const presence = {
      head: [
        { kind: 'left', at: T0 + 1000 },
        { kind: 'returned', at: T0 + 4000 },
        { kind: 'unload', at: T0 + 10_000 },
        { kind: 'returned', at: T0 + 11_000 },
        { kind: 'left', at: T0 + 20_000 },
      ] as const,
      tail: [],
      omitted: 0,
    };
    expect(departureEvidenceIds(presence, T0 + 30_000)).toEqual([`departure-${T0 + 1000}`, `departure-${T0 + 20_000}`]);
  });

  it('take a dismissed or confirmed outcome with an optional note, refusing anything else by field', () => {
    expect(EvidenceReviewInput.parse({ outcome: 'dismissed', note: ' looked away \r\n' })).toEqual({ outcome: 'dismissed', note: ' looked away \n' });
    const refused = EvidenceReviewInput.safeParse({ outcome: 'ignored' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['outcome']);
  });
});
