import type { AcceptedAnswer, ShortAnswerQuestion } from '../schemas/written-questions.js';
import { compilePattern, exactForm, numberSlack, parseDecimal, textForm } from './answer-text-forms.js';

/**
 * How a candidate's short answer is compared with an author's accepted answers (docs/question-types.md). Every
 * comparison first trims the candidate's answer: a trailing space from a phone keyboard is never a wrong answer.
 */

/** Whether the candidate's answer matches one accepted answer by its rule; a pattern must match the whole trimmed answer. */
export const matchesAcceptedAnswer = (accepted: AcceptedAnswer, given: string): boolean => {
  switch (accepted.match) {
    case 'exact':
      return exactForm(given) === exactForm(accepted.answer);
    case 'text':
      return textForm(given) === textForm(accepted.answer);
    case 'number': {
      const value = parseDecimal(given);
      const expected = parseDecimal(accepted.answer);
      if (value === undefined || expected === undefined) return false;
      return Math.abs(value - expected) <= (accepted.tolerance ?? 0) + numberSlack(expected);
    }
    case 'pattern': {
      const result = compilePattern(accepted.answer);
      return 'compiled' in result && result.compiled.matches(given.trim());
    }
  }
};

/** Whether the answer matches any of the question's accepted answers. */
export const matchesShortAnswer = (question: ShortAnswerQuestion, given: string): boolean =>
  question.acceptedAnswers.some((accepted) => matchesAcceptedAnswer(accepted, given));
