import { z } from 'zod';

/**
 * One finding of an AI-use rule (issue 60, item 5): which rule, about which question, when, and the figures that made
 * it fire. Stored by the score job (decision 1205) and shown in `/details` with the rule's plain sentence; reviewed
 * (confirm / dismiss) like every other piece of integrity evidence, by `<kind>-<epoch ms>`.
 */
export const AiUseKind = z.enum(['copied-question', 'transcribed', 'burst-after-return', 'rewritten']);
export type AiUseKind = z.infer<typeof AiUseKind>;

const chars = z.int().nonnegative();

export const CopiedQuestionFigures = z
  .object({
    pastedWords: chars.meta({ description: "The most consecutive words of the question's prose in one paste into the answer (0: none)." }),
    answerWords: chars.meta({ description: "The most consecutive words of the question's prose in the answer as submitted (starter code left out)." }),
    proseWords: chars.meta({ description: "Words of the question's prose (its text without code spans and code blocks)." }),
    excerpt: z.string().meta({ description: 'The start of the longest shared run, as the question words it.' }),
  })
  .meta({ id: 'CopiedQuestionFigures' });

export const TranscribedFigures = z
  .object({
    typedChars: chars,
    deletedChars: chars,
    correctionPercent: z.number().nonnegative().meta({ description: 'Characters deleted per 100 typed.' }),
    moves: chars,
    movesPer100: z.number().nonnegative().meta({ description: 'Cursor moves per 100 characters typed.' }),
    rhythmVariation: z.number().nonnegative().meta({ description: 'The gaps between typed edits: standard deviation over mean (0: a metronome).' }),
    gaps: chars,
  })
  .meta({ id: 'TranscribedFigures' });

export const BurstAfterReturnFigures = z
  .object({
    awaySeconds: chars,
    startSeconds: z.number().nonnegative().meta({ description: 'From coming back to the first typed edit.' }),
    typedChars: chars.meta({ description: 'Characters typed in the windows of typing that began within a minute of coming back.' }),
    ownMinuteChars: chars.meta({ description: "The candidate's median characters typed per minute with typing, elsewhere in the attempt." }),
    ratio: z.number().nonnegative(),
  })
  .meta({ id: 'BurstAfterReturnFigures' });

export const RewrittenFigures = z
  .object({
    fromChars: chars.meta({ description: 'The answer replaced, in characters.' }),
    keptPercent: z.number().nonnegative().meta({ description: 'How much of it is still there (its common start and end with the new answer).' }),
    toChars: chars,
    seconds: z.number().nonnegative().meta({ description: 'How long the replacement took.' }),
  })
  .meta({ id: 'RewrittenFigures' });

const common = { questionId: z.int().positive(), at: z.int().positive().meta({ description: 'When, in epoch ms.' }) };

/** A finding as the score job stores it (`at` in epoch ms). */
export const AiUseFinding = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('copied-question'), ...common, figures: CopiedQuestionFigures }),
  z.object({ kind: z.literal('transcribed'), ...common, figures: TranscribedFigures }),
  z.object({ kind: z.literal('burst-after-return'), ...common, figures: BurstAfterReturnFigures }),
  z.object({ kind: z.literal('rewritten'), ...common, figures: RewrittenFigures }),
]);
export type AiUseFinding = z.infer<typeof AiUseFinding>;

/** The id a review names a finding by: its rule and instant, as pastes are named (decision 610). */
export const aiUseEvidenceId = (finding: Pick<AiUseFinding, 'kind' | 'at'>): string => `${finding.kind}-${finding.at}`;

/** Rounded for showing: one decimal. */
export const oneDecimal = (value: number): number => Math.round(value * 10) / 10;
