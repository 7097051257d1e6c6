import { savedAnswerLanguage } from '../candidate/answer-language.js';
import { isCodingAnswerGiven, type Answer } from '../candidate/scoring.js';
import type { CodingLanguage } from '../schemas/coding-language.js';
import type { CodingQuestion, QuestionDefinition } from '../schemas/test-definition.js';

/**
 * What a report needs of a coding answer besides its code: the language it is in and whether it was given (not empty,
 * not the starter code). Scoring decides both once and stores them with the attempt's results, so the Excel export of
 * 100,000 attempts does not read 400,000 code answers to learn them again (issue 30). The question never changes once
 * imported and a completed attempt takes no more answers, so what scoring stored stays what the answer says.
 */
export interface CodingAnswerFacts {
  readonly language: CodingLanguage;
  readonly answered: boolean;
}

export const codingAnswerFacts = (question: CodingQuestion, answer: Answer | undefined): CodingAnswerFacts => ({
  language: savedAnswerLanguage(question, answer?.language),
  answered: isCodingAnswerGiven(question, answer),
});

/** One coding question's answer facts, named by the question: what is stored with an attempt's results. */
export interface QuestionCodingFacts extends CodingAnswerFacts {
  readonly questionId: number;
}

/**
 * The facts of every coding question of an attempt, in the questions' order (an answer left out is not given): decided
 * once when the score is final, by the machine's scoring or by the last grade of a reviewed attempt, alike.
 */
export const attemptCodingFacts = (
  questions: readonly { readonly questionId: number; readonly definition: QuestionDefinition }[],
  answers: ReadonlyMap<number, Answer>,
): QuestionCodingFacts[] =>
  questions.flatMap(({ questionId, definition }) =>
    definition.type === 'coding' ? [{ questionId, ...codingAnswerFacts(definition, answers.get(questionId)) }] : [],
  );

/** The hidden tests a report shows for a coding answer: the verdicts scoring found, only for an answer given. */
export const shownHiddenTests = (
  answered: boolean,
  found: readonly boolean[] | null | undefined,
): { readonly cases: readonly boolean[] | null; readonly hiddenTests: { readonly passed: number; readonly total: number } | null } => {
  const cases = answered && found ? found : null;
  return { cases, hiddenTests: cases && { passed: cases.filter(Boolean).length, total: cases.length } };
};
