import { z } from 'zod';
import { Id } from '../ids.js';
import { PoolExposure } from './pool-exposures.js';

/**
 * What item analysis says of a test's questions on the org's own scored attempts (issue 62 item 5, decisions
 * 1457–1464; docs/item-analysis.md holds every formula and its source). Every figure comes with the count behind it.
 */

/** Why a question (or one of its options) asks for a second look; the thresholds are in `ITEM_ANALYSIS_THRESHOLDS`. */
export const ItemFlag = z.enum([
  'too-few-attempts',
  'too-easy',
  'too-hard',
  'negative-discrimination',
  'weak-discrimination',
  'unpicked-distractor',
  'distractor-draws-strong',
]);
export type ItemFlag = z.infer<typeof ItemFlag>;

/** The option-level flags: a wrong option nobody picks, a wrong option the strong candidates pick more than the weak. */
export const OptionFlag = ItemFlag.extract(['unpicked-distractor', 'distractor-draws-strong']);
export type OptionFlag = z.infer<typeof OptionFlag>;

const Share = z.number().min(0).max(1);

export const OptionAnalysis = z
  .object({
    option: z.int().nonnegative().meta({ description: 'The option’s id: its place in the question as authored, from 0 (the answers’ `optionIds`).' }),
    text: z.string(),
    correct: z.boolean(),
    chosen: z.int().nonnegative().meta({ description: 'Scored attempts that chose it.' }),
    share: Share.nullable().meta({ description: 'chosen ÷ attempts; null without attempts.' }),
    upperShare: Share.nullable().meta({ description: 'Its share in the upper 27 % group (by whole-test score); null without attempts.' }),
    lowerShare: Share.nullable().meta({ description: 'Its share in the lower 27 % group; null without attempts.' }),
    flags: z.array(OptionFlag),
  })
  .meta({ id: 'ItemOptionAnalysis' });
export type OptionAnalysis = z.infer<typeof OptionAnalysis>;

export const ItemAnalysisRow = z
  .object({
    number: z.int().positive().meta({ description: 'The question’s number in the test, as the report numbers it.' }),
    questionId: Id,
    version: z.string().meta({
      description:
        'The question’s content version (a hash of its definition, as the AI check records it): a question changed in any way is another version, with rows of its own.',
    }),
    type: z.string(),
    sectionName: z.string(),
    attempts: z.int().nonnegative().meta({ description: 'Scored attempts that were asked this version: the count behind every figure of the row.' }),
    exposures: z.int().nonnegative().meta({ description: 'Started attempts (finished or not) that were shown this question: what an exposure cap counts.' }),
    facility: Share.nullable().meta({
      description: 'Mean fraction of the question’s marks the attempts got (negative marks count as 0); null without attempts.',
    }),
    discrimination: z.number().min(-1).max(1).nullable().meta({
      description:
        'Pearson correlation of the question’s fraction with the fraction of the rest of the test (the corrected item-total correlation); null with fewer than 2 attempts or when either side does not vary.',
    }),
    upperLowerIndex: z.number().min(-1).max(1).nullable().meta({
      description: 'Kelley’s index: mean fraction in the upper 27 % of attempts by whole-test score minus the lower 27 %’s; null with fewer than 2 attempts.',
    }),
    medianTimeSeconds: z
      .number()
      .nonnegative()
      .nullable()
      .meta({ description: 'Median time the candidates had the question in view; null when no attempt reported it.' }),
    timedAttempts: z.int().nonnegative().meta({ description: 'Scored attempts whose page reported time on this question (the count behind the median).' }),
    options: z.array(OptionAnalysis).nullable().meta({ description: 'Choice questions: each option in its authored order; null for other types.' }),
    flags: z.array(ItemFlag),
  })
  .meta({ id: 'ItemAnalysisRow' });
export type ItemAnalysisRow = z.infer<typeof ItemAnalysisRow>;

export const ItemAnalysis = z
  .object({
    testId: Id,
    testVersion: z
      .int()
      .positive()
      .optional()
      .meta({ description: 'The test version analysed (issue 62 item 4): its attempts only; the current one unless `version` names another.' }),
    scoredAttempts: z.int().nonnegative().meta({ description: 'The test’s attempts with a final score: the ones analysed.' }),
    minAttempts: z.int().positive().meta({ description: 'Below this many attempts of a question, its only flag is too-few-attempts.' }),
    questions: z.array(ItemAnalysisRow).meta({ description: 'One row per question and version, in the test’s order.' }),
    pools: z
      .array(PoolExposure)
      .optional()
      .meta({ description: 'The analysed version’s pools with an exposure cap: each question’s exposures over every version, and the retired ones.' }),
  })
  .meta({ id: 'ItemAnalysis' });
export type ItemAnalysis = z.infer<typeof ItemAnalysis>;
