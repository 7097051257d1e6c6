import { z } from 'zod';
import { answerPatternError, isDecimalText } from '../candidate/answer-text-forms.js';
import { Marks, QuestionBase } from './question-base.js';
import { singleLineText } from './text-fields.js';

/** How an accepted answer is compared with the candidate's (decision in docs/question-types.md). */
export const TextMatch = z.enum(['exact', 'text', 'number', 'pattern'], { error: 'match must be "exact", "text", "number" or "pattern"' });
export type TextMatch = z.infer<typeof TextMatch>;

/** The longest pattern an author may give: RE2 runs in time linear in the text, its memory grows with the pattern. */
export const MAX_ANSWER_PATTERN_LENGTH = 500;
/** The most words a free_text question may allow (a candidate's text is at most MAX_TEXT_ANSWER_LENGTH characters). */
export const MAX_WORD_LIMIT = 5_000;

export const AcceptedAnswer = z
  .object({
    answer: singleLineText('answer', MAX_ANSWER_PATTERN_LENGTH),
    match: TextMatch.default('text'),
    tolerance: z
      .number({ error: 'tolerance must be a number' })
      .min(0, { error: 'tolerance must be 0 or more' })
      .max(1e12, { error: 'tolerance must be at most 1e12' })
      .optional()
      .meta({ description: 'For match "number": how far the candidate\'s number may be from answer (absolute). Default 0.' }),
  })
  .check((ctx) => {
    const { answer, match, tolerance } = ctx.value;
    const problem = (path: string, message: string) => ctx.issues.push({ code: 'custom', input: ctx.value, path: [path], message });
    if (tolerance !== undefined && match !== 'number') problem('tolerance', `tolerance is only for match "number" (this answer's match is "${match}")`);
    if (match === 'number' && !isDecimalText(answer)) {
      problem('answer', `answer must be a decimal number such as "42", "-0.5" or "3.14" for match "number" (got "${answer}")`);
    }
    if (match === 'pattern') {
      const error = answerPatternError(answer);
      if (error !== undefined) problem('answer', `answer is not a pattern Assay can run (RE2 syntax: no backreferences or lookaround): ${error}`);
    }
  })
  .meta({
    description:
      'One accepted answer. match: "exact" (the same text, ignoring leading and trailing spaces), "text" (ignoring case and runs of spaces), "number" (a decimal within tolerance), "pattern" (an RE2 regular expression the whole answer must match). See docs/question-types.md.',
  });
export type AcceptedAnswer = z.infer<typeof AcceptedAnswer>;

/**
 * A short answer scored against accepted answers: full marks for a match with any of them. An answer matching none
 * scores 0 (less its negative marks), or waits for a person when `reviewUnmatched`.
 */
export const ShortAnswerQuestion = z.object({
  type: z.literal('short_answer'),
  ...QuestionBase,
  acceptedAnswers: z
    .array(AcceptedAnswer, { error: 'acceptedAnswers must be a list of { "answer": "...", "match": "text" }' })
    .min(1, { error: 'acceptedAnswers must list at least one answer' })
    .max(50, { error: 'acceptedAnswers must list at most 50 answers' }),
  reviewUnmatched: z
    .boolean({ error: 'reviewUnmatched must be true or false' })
    .default(false)
    .meta({ description: 'An answer matching none of acceptedAnswers goes to a reviewer instead of scoring 0.' }),
});
export type ShortAnswerQuestion = z.infer<typeof ShortAnswerQuestion>;

export const RubricCriterion = z.object({
  criterion: singleLineText('criterion', 200),
  marks: Marks,
});
export type RubricCriterion = z.infer<typeof RubricCriterion>;

/** Rubric marks are decimals: their sum is compared with the question's within float error. */
const sameMarks = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;

/** An essay a person grades, within an optional word limit, by an optional rubric whose marks add up to the question's. */
export const FreeTextQuestion = z
  .object({
    type: z.literal('free_text'),
    ...QuestionBase,
    wordLimit: z
      .int({ error: 'wordLimit must be a whole number' })
      .min(1, { error: 'wordLimit must be at least 1' })
      .max(MAX_WORD_LIMIT, { error: `wordLimit must be at most ${MAX_WORD_LIMIT}` })
      .optional()
      .meta({ description: 'The most words an answer may have (counted as countWords does: docs/question-types.md). None: only the length limit.' }),
    rubric: z
      .array(RubricCriterion, { error: 'rubric must be a list of { "criterion": "...", "marks": n }' })
      .min(1, { error: 'rubric must list at least one criterion (or be left out)' })
      .max(20, { error: 'rubric must list at most 20 criteria' })
      .optional(),
  })
  .check((ctx) => {
    const { rubric, marks, negativeMarks } = ctx.value;
    if (negativeMarks !== 0) {
      ctx.issues.push({
        code: 'custom',
        input: negativeMarks,
        path: ['negativeMarks'],
        message: 'negativeMarks must be 0 for a free_text question: a reviewer grades it from 0 to its marks',
      });
    }
    if (rubric === undefined) return;
    const names = rubric.map((entry) => entry.criterion.toLowerCase());
    if (new Set(names).size !== names.length) {
      ctx.issues.push({ code: 'custom', input: rubric, path: ['rubric'], message: 'rubric criteria must have different names' });
    }
    const sum = rubric.reduce((total, entry) => total + entry.marks, 0);
    if (!sameMarks(sum, marks)) {
      const total = Math.round(sum * 1e6) / 1e6;
      ctx.issues.push({
        code: 'custom',
        input: rubric,
        path: ['rubric'],
        message: `the rubric's marks add up to ${total} but the question has ${marks} marks`,
      });
    }
  });
export type FreeTextQuestion = z.infer<typeof FreeTextQuestion>;

/** The question types a person may have to judge. */
export type WrittenQuestion = ShortAnswerQuestion | FreeTextQuestion;

/** Whether a question is one a person may have to judge (short_answer, free_text): only these take grades. */
export const isWrittenQuestion = (question: { readonly type: string }): question is WrittenQuestion =>
  question.type === 'short_answer' || question.type === 'free_text';
