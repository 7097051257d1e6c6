import type { InvitationHistory } from '@assay/domain/invitations';
import { describe, expect, it } from 'vitest';
import { historyText } from './history.js';

const history: InvitationHistory = {
  testInvitationId: 42,
  entries: [
    { kind: 'created', details: { via: 'api', previousInvitationId: null }, at: '2026-04-01T09:00:00.000Z', by: { keyId: 3, label: 'Rita Recruiter' } },
    {
      kind: 'decided',
      details: { decision: 'rejected', previous: null, reason: 'Weak on joins' },
      at: '2026-04-02T10:15:30.000Z',
      by: { keyId: 3, label: 'Rita Recruiter' },
    },
    { kind: 'rated', details: { rating: 4 }, at: '2026-04-02T11:00:00.000Z', by: { keyId: 7, label: '' } },
    { kind: 'submitted', details: {}, at: '2026-04-01T10:00:00.000Z', by: 'candidate' },
  ],
  omitted: [{ kind: 'delivery', count: 3 }],
};

describe('assay history, for people', () => {
  it('lists when, what and who, people by name, a key without one by its id, and what the history no longer keeps', () => {
    expect(historyText(history).split('\n')).toEqual([
      'WHEN (UTC)           WHAT                                 BY',
      '2026-04-01 09:00:00  Invitation created (api)             Rita Recruiter',
      '2026-04-02 10:15:30  Decision: rejected: "Weak on joins"  Rita Recruiter',
      '2026-04-02 11:00:00  Rated 4 of 5                         key 7',
      '2026-04-01 10:00:00  Attempt submitted                    Candidate',
      '… 3 more "delivery" entries not kept (the first and the last of each kind are)',
    ]);
  });

  it('shows a name holding terminal controls as pictures, never obeyed', () => {
    const hostile: InvitationHistory = { ...history, entries: [{ ...history.entries[1]!, by: { keyId: 3, label: 'Eve\u001B[2J' } }], omitted: [] };
    expect(historyText(hostile)).toContain('Eve␛[2J');
    expect(historyText(hostile)).not.toContain('\u001B');
  });
});
