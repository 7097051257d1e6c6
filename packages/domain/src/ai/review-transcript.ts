import { z } from 'zod';
import { Id } from '../ids.js';
import { ReviewReference } from '../grading/review-queue.js';
import { ReportAi } from './report-ai.js';

/**
 * `GET /v2/org/review/{reference}/transcript` (decision 1263): the assistant's transcript of the one answer a review
 * reference names — what a blind reviewer reads beside the answer they grade. Nothing in it names the candidate beyond
 * what they wrote themselves: no name, email or invitation id.
 */
export const ReviewTranscript = z
  .object({
    reference: ReviewReference,
    questionId: Id,
    ai: ReportAi.nullable().meta({
      description: "The report's `ai` of this question only (its counts, messages, insertions and follow-ups); null for an attempt without an AI record.",
    }),
  })
  .meta({ id: 'ReviewTranscript' });
export type ReviewTranscript = z.infer<typeof ReviewTranscript>;

/** The report's `ai` narrowed to one question: its tally as the totals, its messages, insertions and follow-ups. */
export const reportAiOfQuestion = (ai: ReportAi, questionId: number): ReportAi => {
  const messages = ai.messages.filter((message) => message.questionId === questionId);
  const tally = ai.questions.find((question) => question.questionId === questionId);
  return {
    ...ai,
    models: [...new Set(messages.flatMap((message) => (message.model ? [message.model] : [])))],
    totals: {
      messages: tally?.messages ?? 0,
      withheld: tally?.withheld ?? 0,
      failed: tally?.failed ?? 0,
      insertions: tally?.insertions ?? 0,
      insertedChars: tally?.insertedChars ?? 0,
      promptTokens: messages.reduce((total, message) => total + message.promptTokens, 0),
      completionTokens: messages.reduce((total, message) => total + message.completionTokens, 0),
    },
    questions: tally ? [tally] : [],
    messages,
    insertions: ai.insertions.filter((insertion) => insertion.questionId === questionId),
    followUps: ai.followUps.filter((followUp) => followUp.questionId === questionId),
  };
};
