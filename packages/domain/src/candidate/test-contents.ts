import { z } from 'zod';
import { QuestionForm } from '../languages/language-id.js';
import { CodingLanguage } from '../schemas/coding-language.js';
import { codingFormOf } from '../schemas/coding-question.js';
import type { QuestionDefinition } from '../schemas/test-definition.js';

/**
 * What a candidate's test asks, told before the start (issue 59): the kinds of its questions and, for coding ones, the
 * forms they take and the languages they accept, so the landing page describes this test, not coding in general.
 */
export const TestContents = z
  .object({
    /** Single- or multiple-choice questions. */
    choice: z.boolean(),
    /** Short-answer or free-text questions. */
    written: z.boolean(),
    /** Each form the coding questions take with the languages its questions accept (in a fixed order), or null when the test has none. */
    coding: z.array(z.object({ form: QuestionForm, languages: z.array(CodingLanguage) })).nullable(),
  })
  .meta({ id: 'TestContents' });
export type TestContents = z.infer<typeof TestContents>;

/** The contents of the questions a candidate is asked (their draw of the test). */
export const testContentsOf = (questions: readonly QuestionDefinition[]): TestContents => {
  const coding = questions.flatMap((question) => (question.type === 'coding' ? [question] : []));
  const languagesOf = (form: QuestionForm): CodingLanguage[] => {
    const accepted = new Set(coding.filter((question) => codingFormOf(question) === form).flatMap((question) => question.languages));
    return CodingLanguage.options.filter((language) => accepted.has(language));
  };
  return {
    choice: questions.some((question) => question.type === 'single_choice' || question.type === 'multiple_choice'),
    written: questions.some((question) => question.type === 'short_answer' || question.type === 'free_text'),
    coding:
      coding.length === 0 ? null : QuestionForm.options.map((form) => ({ form, languages: languagesOf(form) })).filter(({ languages }) => languages.length > 0),
  };
};
