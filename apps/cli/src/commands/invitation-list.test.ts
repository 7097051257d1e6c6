import type { InvitationListRow, InvitationSummary } from '@assay/domain/schemas';
import { describe, expect, it } from 'vitest';
import { invitationRowFixture } from '../../test/helpers/fixtures.js';
import { pageText, parseStatuses, summaryText } from './invitation-list.js';

const row = (overrides: Partial<InvitationListRow>): InvitationListRow => invitationRowFixture(overrides);

describe('assay invitations list, for people', () => {
  it('shows each row with its status, score (provisional said), percent, integrity level and what was recorded, then the page', () => {
    const text = pageText(
      {
        invitations: [
          row({}),
          row({
            testInvitationId: 8,
            fullName: 'Grace Hopper',
            scoreStatus: 'provisional',
            score: 9,
            percent: 37.5,
            awaitingReview: 1,
            decision: 'shortlisted',
            meanRating: 4.5,
            tags: ['backend', 'sql'],
          }),
          row({ testInvitationId: 9, testStatus: 'Pending', scoreStatus: 'unscored', score: null, percent: null, completedAt: null }),
        ],
        invitationsCount: 41,
      },
      1,
      20,
    );
    const [header, ada, grace, pending] = text.split('\n');
    expect(header).toMatch(/^ID\s+NAME\s+EMAIL\s+STATUS\s+SCORE\s+%\s+INTEGRITY\s+COMPLETED\s+DECISION\s+RATED\s+TAGS$/);
    expect(ada).toMatch(/^7\s+Ada Lovelace\s+ada@example.com\s+Completed\s+18\/24\s+75\s+none\s+2026-12-01T09:40:00\s+-\s+-\s+-$/);
    expect(grace).toMatch(/Awaiting review\s+9\/24 \(provisional\)\s+37.5.*\s+shortlisted\s+4.5\s+backend,sql$/);
    expect(pending).toMatch(/Pending\s+-\s+-\s+none\s+-\s+-\s+-\s+-$/);
    expect(text).toMatch(/\n\nPage 1 of 3 \(41 invitations match\)$/);
  });

  it('says when nothing matches', () => {
    expect(pageText({ invitations: [], invitationsCount: 0 }, 1, 20)).toBe('No invitation matches.\n\nPage 1 of 1 (0 invitations match)');
  });

  it('reads statuses in any case, "awaiting review" among them, and refuses others', () => {
    expect(parseStatuses('completed,Awaiting Review')).toEqual(['Completed', 'Awaiting review']);
    expect(() => parseStatuses('done')).toThrow(/comma-separated list of Pending, In progress/);
  });
});

describe('assay invitations summary, for people', () => {
  it('shows the stages, the completion rate, the scores and a bar per bucket', () => {
    const summary: InvitationSummary = {
      invitationsCount: 10,
      stages: { Pending: 2, 'In progress': 1, Completed: 5, Reset: 0, Cancelled: 2, Expired: 3 },
      awaitingReview: 1,
      completionRate: 62.5,
      scored: 5,
      score: { min: 3, median: 15, max: 24 },
      percent: { min: 12.5, median: 62.5, max: 100 },
      distribution: Array.from({ length: 10 }, (_, index) => ({ from: index * 10, to: index * 10 + 10, count: index === 9 ? 2 : index === 1 ? 1 : 0 })),
    };
    const text = summaryText(summary);
    expect(text).toContain('Completed:       5 (awaiting review: 1)');
    expect(text).toContain('Expired:         3');
    expect(text).toContain('Completion rate: 62.5% of the invitations not cancelled');
    expect(text).toContain('Percent:         min 12.5%, median 62.5%, max 100%');
    expect(text).toMatch(/\n90-100\s+2\s+#{30}$/);
    expect(text).toMatch(/\n10-20\s+1\s+#{15}\n/);
  });
});
