import { z } from 'zod';
import type { Answer } from '../candidate/scoring.js';
import { matchesAcceptedAnswer } from '../candidate/short-answer-match.js';
import { countWords, isTextAnswerGiven } from '../candidate/written-answer.js';
import { Grade } from '../grading/grade.js';
import { TextMatch, type FreeTextQuestion, type ShortAnswerQuestion } from '../schemas/written-questions.js';

/**
 * A written answer (issue 32) as the report shows it: the candidate's text, how it was marked, and a person's grade.
 * An additive part of `QuestionDetail` for `short_answer` and `free_text` questions only.
 */

/** Who marked the answer: nobody yet (not scored), the machine, or a person (graded); or it waits for a person. */
export const WrittenMarking = z.enum(['not_scored', 'machine', 'awaiting_review', 'graded']).meta({
  description:
    'not_scored: the attempt is not scored yet; machine: scored automatically (a short answer matched, or blank, or unmatched without review); awaiting_review: a person must grade it (its marks are 0 until then); graded: a person graded it (grade).',
});
export type WrittenMarking = z.infer<typeof WrittenMarking>;

export const WrittenAnswerDetail = z
  .object({
    /** The candidate's text as saved; null when nothing was saved. */
    answer: z.string().nullable(),
    words: z.int().nonnegative().meta({ description: "The answer's words as the server counts them (docs/question-types.md)." }),
    wordLimit: z.int().positive().optional().meta({ description: "free_text: the question's word limit, when it has one." }),
    rubric: z
      .array(z.object({ criterion: z.string(), marks: z.number() }))
      .optional()
      .meta({ description: "free_text: the question's rubric, when it has one." }),
    matched: z
      .object({ answer: z.string(), match: TextMatch })
      .nullable()
      .optional()
      .meta({ description: "short_answer: the first accepted answer the candidate's answer matches (and how it was compared); null when none does." }),
    marking: WrittenMarking,
    grade: Grade.nullable().meta({
      description: "The current grade a person gave (marks, per criterion, comment, the grader's key label and the time); null when not graded.",
    }),
  })
  .meta({ id: 'WrittenAnswerDetail' });
export type WrittenAnswerDetail = z.infer<typeof WrittenAnswerDetail>;

/** How far grading has come for an attempt with written questions (`ReportDetails.review`). */
export const ReviewProgress = z
  .object({
    awaiting: z.int().nonnegative().meta({ description: 'Answers still waiting for a person to grade them.' }),
    graded: z.int().nonnegative().meta({ description: 'Answers a person has graded.' }),
    scoreSoFar: z.number().meta({
      description:
        "The marks given so far (the machine's and the grades). Provisional while answers await review (reportStatus In progress); the final score once none do.",
    }),
  })
  .meta({ id: 'ReviewProgress' });
export type ReviewProgress = z.infer<typeof ReviewProgress>;

/** Where an answer stands with the people grading it, as the shell read it. */
export interface WrittenReviewFacts {
  /** The attempt has been scored (the question has a result). */
  readonly scored: boolean;
  readonly awaiting: boolean;
  readonly grade: Grade | undefined;
}

const markingOf = ({ scored, awaiting, grade }: WrittenReviewFacts): WrittenMarking =>
  grade ? 'graded' : awaiting ? 'awaiting_review' : scored ? 'machine' : 'not_scored';

/** A written question's detail: the text and its words, the accepted answer it matched or the rubric, and its marking. */
export const writtenAnswerDetail = (
  definition: ShortAnswerQuestion | FreeTextQuestion,
  answer: Answer | undefined,
  review: WrittenReviewFacts,
): WrittenAnswerDetail => {
  const text = answer?.text ?? null;
  const given = isTextAnswerGiven(text ?? undefined);
  const common = { answer: text, words: given ? countWords(text!) : 0, marking: markingOf(review), grade: review.grade ?? null };
  if (definition.type === 'free_text') {
    return {
      ...common,
      ...(definition.wordLimit === undefined ? {} : { wordLimit: definition.wordLimit }),
      ...(definition.rubric === undefined ? {} : { rubric: definition.rubric.map(({ criterion, marks }) => ({ criterion, marks })) }),
    };
  }
  const matched = given ? definition.acceptedAnswers.find((accepted) => matchesAcceptedAnswer(accepted, text!)) : undefined;
  return { ...common, matched: matched ? { answer: matched.answer, match: matched.match } : null };
};
