import { z } from 'zod';
import { Id } from '../ids.js';

/**
 * What every question shows the candidate, whatever its type. The marks are left out when the test's settings hide
 * question scores (`showQuestionScore` off, decision 960): a page cannot be trusted to hide what it was sent.
 */
export const candidateQuestionBase = {
  questionId: Id,
  text: z.string(),
  marks: z.number().optional().meta({ description: "The question's marks; absent when the test hides question scores." }),
  negativeMarks: z.number().optional().meta({ description: 'Marks taken off for a wrong answer; absent when the test hides question scores.' }),
};

/** A short answer: a one-line box. Never the accepted answers, nor whether unmatched ones are reviewed. */
export const CandidateShortAnswerQuestion = z
  .object({ ...candidateQuestionBase, type: z.literal('short_answer') })
  .meta({ id: 'CandidateShortAnswerQuestion' });
export type CandidateShortAnswerQuestion = z.infer<typeof CandidateShortAnswerQuestion>;

/** An essay box: its word limit (null for none), counted as `countWords` counts. The rubric stays the reviewer's. */
export const CandidateFreeTextQuestion = z
  .object({ ...candidateQuestionBase, type: z.literal('free_text'), wordLimit: z.int().positive().nullable() })
  .meta({ id: 'CandidateFreeTextQuestion' });
export type CandidateFreeTextQuestion = z.infer<typeof CandidateFreeTextQuestion>;
