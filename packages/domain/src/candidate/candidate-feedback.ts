import { z } from 'zod';
import type { InvitationStatus } from '../invitation-status.js';
import { ok, refuse, type Result } from '../result.js';
import { multiLineText } from '../schemas/text-fields.js';
import { sessionPhase } from './session-phase.js';

export const FEEDBACK_TEXT_MAX = 2000;
/** The body's own bound: longer text is still read, so the answer can say 400.66 and the limit (decision 968). */
const FEEDBACK_TEXT_READ_MAX = 20_000;

/**
 * What the candidate may say of the test once their attempt has ended (issue 52, `candidateFeedback`): a rating from 1
 * to 5, some text, or both. The body is read loosely and `acceptFeedback` says what is wrong with it (400.66).
 */
export const CandidateFeedbackInput = z
  .strictObject({
    rating: z.number().nullable().optional().meta({ description: 'How the test was, 1 (poor) to 5 (very good); null or absent for none.' }),
    text: multiLineText('text', FEEDBACK_TEXT_READ_MAX, { blank: true, description: `In the candidate's words, at most ${FEEDBACK_TEXT_MAX} characters.` })
      .nullable()
      .optional(),
  })
  .meta({ id: 'CandidateFeedbackBody' });
export type CandidateFeedbackInput = z.infer<typeof CandidateFeedbackInput>;

/** Feedback as stored and shown (the report's `/details`, the PDF, v3's report): `givenAt` is ISO 8601 with a `Z`. */
export const CandidateFeedback = z
  .object({
    rating: z.int().min(1).max(5).nullable(),
    text: z.string().nullable(),
    givenAt: z.string(),
  })
  .meta({ id: 'CandidateFeedback' });
export type CandidateFeedback = z.infer<typeof CandidateFeedback>;

/** What decides whether feedback is taken: the test's setting, where the attempt stands, and whether it was given. */
export interface FeedbackFacts {
  readonly asked: boolean;
  readonly status: InvitationStatus;
  readonly given: boolean;
}

/**
 * The feedback to store, or why not: only when the test asks for it, once the attempt has ended, once per attempt
 * (400.67, decision 967); a rating that is not 1–5, text over the limit, or nothing at all is 400.66.
 */
export const acceptFeedback = (facts: FeedbackFacts, input: CandidateFeedbackInput, now: number): Result<CandidateFeedback> => {
  if (!facts.asked) return refuse('feedback-not-taken', 'This test does not ask for feedback.');
  if (sessionPhase(facts.status) !== 'finished') return refuse('feedback-not-taken', 'Feedback is taken once the test has ended.');
  if (facts.given) return refuse('feedback-not-taken', 'Feedback was already given for this attempt; it is taken once.');
  const rating = input.rating ?? null;
  if (rating !== null && !(Number.isInteger(rating) && rating >= 1 && rating <= 5)) {
    return refuse('feedback-not-valid', `rating must be a whole number from 1 to 5 (it is ${rating}).`);
  }
  const text = input.text?.trim() ? input.text.trim() : null;
  if (text !== null && text.length > FEEDBACK_TEXT_MAX) {
    return refuse('feedback-not-valid', `text must be at most ${FEEDBACK_TEXT_MAX} characters (it has ${text.length}).`);
  }
  if (rating === null && text === null) return refuse('feedback-not-valid', 'Send a rating, some text or both; to skip, send nothing.');
  return ok({ rating, text, givenAt: new Date(now).toISOString() });
};
