import { describe, expect, it } from 'vitest';
import { historyLines } from './history-entry-text.js';
import type { HistoryEntry } from './history-events.js';

const at = '2026-12-01T09:00:00.000Z';
const key = { keyId: 4, label: 'Recruiting' };

describe('historyLines', () => {
  it('says what happened and who did it, in the order given, counting coalesced entries and never their contents', () => {
    const entries: HistoryEntry[] = [
      { at, by: 'system', reconstructed: true, kind: 'created', details: { via: 'unknown', previousInvitationId: null } },
      { at, by: key, kind: 'created', details: { via: 'api', previousInvitationId: null } },
      { at, by: 'system', kind: 'delivery', details: { channel: 'callback', jobId: 9, outcome: 'delivered', statusCode: 200 } },
      { at, by: 'candidate', kind: 'answers-saved', details: { count: 3, lastAt: at } },
      { at, by: 'system', kind: 'scored', details: { score: null, awaitingReview: 2 } },
      { at, by: 'system', kind: 'scored', details: { score: null, awaitingReview: 1 } },
      { at, by: key, kind: 'graded', details: { questionId: 7, marks: 1 } },
      { at, by: key, kind: 'graded', details: { questionId: 8, marks: 4 } },
      { at, by: { keyId: 5, label: '' }, kind: 'evidence-reviewed', details: { eventId: 'snapshot-3', outcome: 'confirmed' } },
      { at, by: key, kind: 'evidence-reviewed', details: { eventId: 'departure-1795633982523', outcome: 'dismissed' } },
      { at, by: key, kind: 'report-downloaded', details: { format: 'pdf' } },
      { at, by: 'candidate', kind: 'submitted', details: {} },
      { at, by: 'system', kind: 'submitted', details: { terminatedAfter: { kind: 'window', count: 3 } } },
    ];
    expect(historyLines(entries)).toEqual([
      { at, what: 'Invitation created, rebuilt from the invitation', by: 'System' },
      { at, what: 'Invitation created (api)', by: 'Recruiting' },
      { at, what: 'Callback delivered (job 9, 200)', by: 'System' },
      { at, what: 'Answers saved 3 times', by: 'Candidate' },
      { at, what: 'Scored: 2 answers await review', by: 'System' },
      { at, what: 'Scored: 1 answer awaits review', by: 'System' },
      { at, what: 'Question 7 graded: 1 mark', by: 'Recruiting' },
      { at, what: 'Question 8 graded: 4 marks', by: 'Recruiting' },
      { at, what: 'Snapshot 3 confirmed', by: 'key 5' },
      { at, what: 'Departure (left 19:13:02 UTC) dismissed', by: 'Recruiting' },
      { at, what: 'Report PDF downloaded', by: 'Recruiting' },
      { at, what: 'Attempt submitted', by: 'Candidate' },
      { at, what: 'Attempt terminated after 3 window violations', by: 'System' },
    ]);
  });
});
