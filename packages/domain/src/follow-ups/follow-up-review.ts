import { z } from 'zod';
import { Id } from '../ids.js';
import { FollowUpMark, FollowUpRecord, type ReportFollowUp } from './follow-up-record.js';

/** A reviewer's mark on one follow-up; null takes a mark back. */
export const FollowUpMarkInput = z.strictObject({ mark: FollowUpMark.nullable() }).meta({ id: 'FollowUpMarking' });
export type FollowUpMarkInput = z.infer<typeof FollowUpMarkInput>;

/** What a mark answers: the follow-up as it now reads. The score is not in it: a mark never changes one (decision 1225). */
export const FollowUpMarked = z
  .object({ questionId: Id, position: z.int().min(0), mark: FollowUpMark.nullable(), markedBy: z.string().nullable() })
  .meta({ id: 'FollowUpMarked' });
export type FollowUpMarked = z.infer<typeof FollowUpMarked>;

/** One submitted answer with its follow-ups, beside the code or text they are about. */
export const ReviewFollowUpItem = z.object({
  reference: z.string().meta({ description: 'What to mark it by: PUT /v2/org/review/{reference}/follow-ups/{position}.' }),
  invitationId: Id.optional().meta({ description: 'Left out when the queue is blind.' }),
  candidateName: z.string().optional().meta({ description: 'Left out when the queue is blind.' }),
  questionId: Id,
  answer: z.string().meta({ description: 'The code or text the follow-ups asked about, as submitted.' }),
  language: z.string().nullable(),
  followUps: z.array(FollowUpRecord),
  markedCount: z.int().min(0),
});
export type ReviewFollowUpItem = z.infer<typeof ReviewFollowUpItem>;

/**
 * The rubric's words per mark, as an object whose every mark is a named property: a record keyed by the enum
 * became `propertyNames` plus `required` in the served document, which linters read as required properties
 * that are not defined.
 */
const RubricWords = z.object(Object.fromEntries(FollowUpMark.options.map((mark) => [mark, z.string()])) as Record<FollowUpMark, z.ZodString>);

/** The test's follow-ups for review, with the default rubric (docs/ai.md "Authorship follow-ups"). */
export const ReviewFollowUps = z
  .object({
    testId: Id,
    blind: z.boolean(),
    rubric: RubricWords,
    followUpsCount: z.int().min(0),
    markedCount: z.int().min(0),
    items: z.array(ReviewFollowUpItem),
  })
  .meta({ id: 'ReviewFollowUps' });
export type ReviewFollowUps = z.infer<typeof ReviewFollowUps>;

/** The facts of one answer's follow-ups as the store reads them. */
export interface FollowUpReviewFacts {
  readonly invitationId: number;
  readonly candidateName: string;
  readonly questionId: number;
  readonly answer: string;
  readonly language: string | null;
  readonly followUps: readonly ReportFollowUp[];
}

/** The review listing: blind leaves out who (decision 655 holds here too), references name the answer instead. */
export const reviewFollowUpItemOf = (facts: FollowUpReviewFacts, blind: boolean, reference: string): ReviewFollowUpItem => ({
  reference,
  ...(blind ? {} : { invitationId: facts.invitationId, candidateName: facts.candidateName }),
  questionId: facts.questionId,
  answer: facts.answer,
  language: facts.language,
  followUps: facts.followUps.map(({ markedBy: _by, ...followUp }) => followUp),
  markedCount: facts.followUps.filter((followUp) => followUp.mark !== null).length,
});
