import { z } from 'zod';

/**
 * The "submitted" event (an Assay extension, opt-in per registration by `submittedCallbackURL`): the candidate has
 * submitted, before any grading ends. Sent once per scoring of a submission, whatever awaits review (0 included), so
 * "submitted" always means submitted; the completion callback (spec §6) follows when the report is Generated.
 */
export const SubmittedEvent = z
  .object({
    type: z.literal('submitted'),
    TestInvitationId: z.int(),
    CandidateEmailId: z.string(),
    /** When the attempt was submitted (completed), UTC, spelled like the completion callback's AttemptedOn. */
    SubmittedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    /** How many answers wait for a person's grade; 0 when the report is final already. */
    AwaitingReview: z.int().min(0),
  })
  .strict()
  .meta({ id: 'SubmittedEvent' });
export type SubmittedEvent = z.infer<typeof SubmittedEvent>;

export interface SubmittedFacts {
  readonly testInvitationId: number;
  readonly candidateEmailId: string;
  /** Epoch milliseconds of the submission. */
  readonly submittedAt: number;
  readonly awaitingReview: number;
}

/** The event's body, from what scoring knows. */
export const buildSubmittedEvent = (facts: SubmittedFacts): SubmittedEvent => ({
  type: 'submitted',
  TestInvitationId: facts.testInvitationId,
  CandidateEmailId: facts.candidateEmailId,
  SubmittedOn: new Date(facts.submittedAt).toISOString().slice(0, 19),
  AwaitingReview: facts.awaitingReview,
});
