import { describe, expect, it } from 'vitest';
import { HistoryEntry } from './history-events.js';
import { invitationHistoryOf } from './invitation-history.js';

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);

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
    expect(history.entries[0]).toEqual({
      at: new Date(T0).toISOString(),
      by: { keyId: 1, label: 'Recruiting' },
      kind: 'created',
      details: { via: 'api', previousInvitationId: null },
    });
    for (const entry of history.entries) expect(HistoryEntry.parse(entry)).toEqual(entry);
  });

  it('rebuilds a missing created entry from the invitation row, marked reconstructed, by the system', () => {
    const history = invitationHistoryOf({ id: 9, createdAt: T0, previousInvitationId: 4 }, [
      { at: T0 + 5, by: 'candidate', event: { kind: 'started', details: {} } },
    ]);
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
