import type { InvitationSummary } from '@assay/domain/schemas';
import { describe, expect, it } from 'vitest';
import { distributionBars, summaryLines } from './pipeline-summary.js';

const buckets = (counts: number[]) => counts.map((count, index) => ({ from: index * 10, to: index * 10 + 10, count }));

const summary = (changes: Partial<InvitationSummary> = {}): InvitationSummary => ({
  invitationsCount: 333,
  stages: { Pending: 120, 'In progress': 13, Completed: 180, Reset: 0, Cancelled: 20, Expired: 0 },
  awaitingReview: 12,
  completionRate: 57.5,
  scored: 180,
  score: { min: 0, median: 14.5, max: 24 },
  percent: { min: 0, median: 60.42, max: 100 },
  distribution: buckets([1, 0, 3, 5, 10, 20, 40, 60, 30, 11]),
  ...changes,
});

describe('summaryLines', () => {
  it('counts the stages, the completion rate and the distribution in two lines that fit 80 columns', () => {
    const [stages, scores] = summaryLines(summary(), 41);
    expect(stages).toBe('Not started 120 · started 13 · finished 180 (12 to review) · decided 41');
    expect(scores).toBe(`Completion 57.5% · scores 0%[${distributionBars(summary().distribution)}]100% · median 14.5 (60.4%)`);
    const large = summaryLines(
      summary({ stages: { Pending: 9_999, 'In progress': 9_999, Completed: 9_999, Reset: 0, Cancelled: 0, Expired: 0 }, awaitingReview: 9_999 }),
      9_999,
    );
    for (const line of large) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('counts the expired invitations beside the invited ones, only when there are some (decision 1390)', () => {
    // The week of issue 61: 60 invited, 40 finished, some lapsed.
    const [stages] = summaryLines(summary({ stages: { Pending: 12, 'In progress': 2, Completed: 40, Reset: 0, Cancelled: 0, Expired: 6 } }), 15);
    expect(stages).toBe('Not started 12 · expired 6 · started 2 · finished 40 (12 to review) · decided 15');
    expect(stages.length).toBeLessThanOrEqual(80);
    expect(summaryLines(summary(), 41)[0]).not.toContain('expired');
  });

  it('says so without scores or a rate, and leaves out an empty awaiting review', () => {
    const [stages, scores] = summaryLines(summary({ awaitingReview: 0, completionRate: null, scored: 0, distribution: buckets(Array(10).fill(0)) }), 0);
    expect(stages).not.toContain('review');
    expect(scores).toBe('Completion — · no scores yet');
  });
});

describe('distributionBars', () => {
  it('draws each bucket against the fullest: a space for none, a full block for the most', () => {
    expect(distributionBars(buckets([0, 1, 2, 4, 8, 0, 0, 0, 0, 8]))).toBe(' ▁▂▄█    █');
    expect(distributionBars(buckets(Array(10).fill(0)))).toBe('          ');
  });
});
