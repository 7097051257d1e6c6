import { z } from 'zod';
import { InvitationStanding } from '../invitations/invitation-standing.js';

/** The smallest, middle and largest of a set of numbers; null, all three, when there is none. */
export const ScoreStatistics = z
  .object({ min: z.number().nullable(), median: z.number().nullable(), max: z.number().nullable() })
  .meta({ id: 'ScoreStatistics' });
export type ScoreStatistics = z.infer<typeof ScoreStatistics>;

/** Attempts whose percent is at least `from` and under `to` (the last bucket includes 100). */
export const ScoreBucket = z.object({ from: z.number(), to: z.number(), count: z.int().nonnegative() }).meta({ id: 'ScoreBucket' });
export type ScoreBucket = z.infer<typeof ScoreBucket>;

const stageCount = (status: InvitationStanding) => [status, z.int().nonnegative()] as const;

/**
 * `GET /v2/org/tests/{testId}/invitations/summary` (an Assay extension, decisions 766 and 767): a test's pipeline.
 * Each count is what the list answers as `invitationsCount` for the same filter, so a recruiter can open any of them.
 * An object meant to grow (issue 50: the decisions on candidates add their counts), so readers take the fields they know.
 */
export const InvitationSummary = z
  .object({
    invitationsCount: z.int().nonnegative().meta({ description: 'Every invitation of the test.' }),
    stages: z
      .object(Object.fromEntries(InvitationStanding.options.map(stageCount)) as Record<InvitationStanding, z.ZodInt>)
      .meta({ description: 'Invitations per test status, Expired apart from Pending and Reset: the list filtered by that status counts the same.' }),
    awaitingReview: z
      .int()
      .nonnegative()
      .meta({ description: 'Completed attempts whose score is provisional (answers await a grader): part of `stages.Completed`.' }),
    completionRate: z.number().nullable().meta({
      description:
        'Completed as a percentage of the invitations not cancelled (expired ones count as not completed), one decimal; null when every invitation is cancelled or there is none.',
    }),
    scored: z.int().nonnegative().meta({ description: 'Attempts with a score to show (final, or provisional while awaiting review).' }),
    score: ScoreStatistics.meta({ description: 'Of the shown scores (marks).' }),
    percent: ScoreStatistics.meta({ description: 'Of the shown scores as percentages of each attempt’s maximum.' }),
    distribution: z.array(ScoreBucket).meta({ description: 'Ten buckets of percent: 0–10, 10–20, … 90–100 (the last includes 100).' }),
  })
  .meta({ id: 'InvitationSummary' });
export type InvitationSummary = z.infer<typeof InvitationSummary>;
