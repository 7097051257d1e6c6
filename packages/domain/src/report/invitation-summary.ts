import type { InvitationStanding } from '../invitations/invitation-standing.js';
import type { InvitationSummary, ScoreBucket, ScoreStatistics } from '../schemas/invitation-summary.js';

/** What the store counts and reads of a test's invitations for its summary. */
export interface SummaryFacts {
  /** Invitations per standing (Expired apart from Pending and Reset); a standing nobody is in may be missing. */
  readonly stages: Partial<Record<InvitationStanding, number>>;
  readonly awaitingReview: number;
  /** Each attempt with a shown score: the score and its percent of the attempt's own maximum. */
  readonly scores: readonly { readonly score: number; readonly percent: number }[];
}

const BUCKETS = 10;
const WIDTH = 100 / BUCKETS;

const round2 = (value: number) => Math.round(value * 100) / 100;

const statistics = (values: readonly number[]): ScoreStatistics => {
  if (values.length === 0) return { min: null, median: null, max: null };
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { min: sorted[0]!, median: round2(median), max: sorted.at(-1)! };
};

/** A percent's bucket: below 0 (negative marking) counts in the first, 100 in the last. */
const bucketOf = (percent: number) => Math.min(BUCKETS - 1, Math.max(0, Math.floor(percent / WIDTH)));

const distribution = (percents: readonly number[]): ScoreBucket[] => {
  const counts = new Array<number>(BUCKETS).fill(0);
  for (const percent of percents) counts[bucketOf(percent)]! += 1;
  return counts.map((count, index) => ({ from: index * WIDTH, to: (index + 1) * WIDTH, count }));
};

/**
 * A test's pipeline from its counts (decisions 766 and 767): the stages as the list's status filter counts them, the
 * completion rate (Completed over every invitation not Cancelled: a cancel is the recruiter's withdrawal, not the
 * candidate's; an Expired one stays in, a candidate who let the window close did not complete: decision 1391), and the shown scores' statistics and distribution.
 */
export const invitationSummary = (facts: SummaryFacts): InvitationSummary => {
  const stages = {
    Pending: facts.stages.Pending ?? 0,
    'In progress': facts.stages['In progress'] ?? 0,
    Completed: facts.stages.Completed ?? 0,
    Reset: facts.stages.Reset ?? 0,
    Cancelled: facts.stages.Cancelled ?? 0,
    Expired: facts.stages.Expired ?? 0,
  } satisfies Record<InvitationStanding, number>;
  const invitationsCount = Object.values(stages).reduce((sum, count) => sum + count, 0);
  const considered = invitationsCount - stages.Cancelled;
  const percents = facts.scores.map((entry) => entry.percent);
  return {
    invitationsCount,
    stages,
    awaitingReview: facts.awaitingReview,
    completionRate: considered === 0 ? null : Math.round((stages.Completed / considered) * 1000) / 10,
    scored: facts.scores.length,
    score: statistics(facts.scores.map((entry) => entry.score)),
    percent: statistics(percents),
    distribution: distribution(percents),
  };
};
