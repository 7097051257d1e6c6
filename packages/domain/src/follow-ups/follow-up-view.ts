import { z } from 'zod';
import { Id } from '../ids.js';
import { multiLineText } from '../schemas/text-fields.js';
import { MAX_FOLLOW_UP_ANSWER_CHARS, type FollowUpRecord } from './follow-up-record.js';
import { followUpClosed, followUpSecondsLeft } from './follow-up-timebox.js';

/** Where a follow-up stands for the candidate: not asked yet, being answered (its timer runs), or over. */
export const FollowUpState = z.enum(['waiting', 'open', 'closed']);
export type FollowUpState = z.infer<typeof FollowUpState>;

/** A question's follow-ups as the candidate's page shows them (docs/ai.md "Authorship follow-ups"). */
export const CandidateFollowUps = z
  .object({
    questionId: Id,
    followUps: z.array(
      z.object({
        position: z.int().min(0),
        /** The question's words; absent while it waits, so its time starts when it is first read. */
        text: z.string().optional(),
        state: FollowUpState,
        seconds: z.int(),
        secondsLeft: z.int().min(0),
        answer: z.string(),
        sent: z.boolean(),
      }),
    ),
  })
  .meta({
    id: 'CandidateFollowUps',
    description:
      'Authorship follow-ups on a submitted coding or written answer: asked one at a time, each timed (its secondsLeft), paste blocked; the answer saved as typed is taken when the time is up. Empty when the test asks none.',
  });
export type CandidateFollowUps = z.infer<typeof CandidateFollowUps>;

/** A save of a follow-up's answer: as typed (`final` false) or sent. */
export const FollowUpAnswerInput = z
  .strictObject({
    // Prose as typed (blank while the candidate has not written yet): newlines and tabs kept, other controls refused.
    answer: multiLineText('answer', MAX_FOLLOW_UP_ANSWER_CHARS, { blank: true }),
    final: z.boolean().default(false),
  })
  .meta({ id: 'FollowUpAnswerInput' });
export type FollowUpAnswerInput = z.infer<typeof FollowUpAnswerInput>;

const stateOf = (followUp: FollowUpRecord, now: Date): FollowUpState =>
  followUp.servedAt === null ? 'waiting' : followUpClosed(followUp, now) ? 'closed' : 'open';

/** The candidate's view of a question's follow-ups at `now`. */
export const candidateFollowUpsOf = (questionId: number, followUps: readonly FollowUpRecord[], now: Date): CandidateFollowUps => ({
  questionId,
  followUps: followUps.map((followUp) => {
    const state = stateOf(followUp, now);
    return {
      position: followUp.position,
      ...(state === 'waiting' ? {} : { text: followUp.text }),
      state,
      seconds: followUp.seconds,
      secondsLeft: state === 'closed' ? 0 : followUpSecondsLeft(followUp, now),
      answer: followUp.answer,
      sent: followUp.answeredAt !== null,
    };
  }),
});
