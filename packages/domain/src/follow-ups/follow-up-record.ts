import { z } from 'zod';
import { Id } from '../ids.js';

/** Who wrote a follow-up question: the operator's model from the candidate's answer, or Assay's templates over it. */
export const FollowUpSource = z.enum(['model', 'template']).meta({ id: 'FollowUpSource' });
export type FollowUpSource = z.infer<typeof FollowUpSource>;

/**
 * A reviewer's mark on a follow-up answer (decision 1225): evidence of authorship, never points — no mark changes the
 * test's score or status.
 */
export const FollowUpMark = z.enum(['accurate', 'partly', 'not']).meta({
  id: 'FollowUpMark',
  description: "A reviewer's mark on a follow-up answer: explains accurately, partly, or not. Marks never change the score.",
});
export type FollowUpMark = z.infer<typeof FollowUpMark>;

/** The default rubric every follow-up is graded with, as the review queue shows it. */
export const FOLLOW_UP_RUBRIC: Readonly<Record<FollowUpMark, string>> = {
  accurate: 'Explains accurately what their own answer does and why',
  partly: 'Explains part of it, or vaguely',
  not: 'Does not explain it, or explains something else',
};

export const MAX_FOLLOW_UP_QUESTION_CHARS = 400;
export const MAX_FOLLOW_UP_ANSWER_CHARS = 4_000;

/** One follow-up question as stored with the attempt: what was asked, the answer as last saved, and its review. */
export const FollowUpRecord = z
  .object({
    questionId: Id,
    position: z.int().min(0).max(2),
    text: z.string().min(1).max(MAX_FOLLOW_UP_QUESTION_CHARS),
    source: FollowUpSource,
    /** When its timer started: the first at the submission, each next one when the one before closed; null before. */
    servedAt: z.iso.datetime().nullable(),
    seconds: z.int().min(1),
    answer: z.string().max(MAX_FOLLOW_UP_ANSWER_CHARS),
    /** When the candidate sent it as final; null while it is open, or when the time ran out on a draft. */
    answeredAt: z.iso.datetime().nullable(),
    pastesRefused: z.int().min(0),
    mark: FollowUpMark.nullable(),
  })
  .meta({ id: 'FollowUpRecord' });
export type FollowUpRecord = z.infer<typeof FollowUpRecord>;

/** A follow-up as reviewers read it (the report's `ai.followUps`, the review routes): the record and who marked it. */
export const ReportFollowUp = FollowUpRecord.extend({
  markedBy: z.string().nullable().meta({ description: 'Who marked it (the key’s label), null while unmarked.' }),
}).meta({ id: 'ReportFollowUp' });
export type ReportFollowUp = z.infer<typeof ReportFollowUp>;

/** A follow-up question before it is served: its words and who wrote them. */
export interface FollowUpQuestion {
  readonly text: string;
  readonly source: FollowUpSource;
}
