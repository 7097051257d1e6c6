import { RE2JS } from 're2js';
import type { AcceptedAnswer, ShortAnswerQuestion } from '../schemas/written-questions.js';

/**
 * How a candidate's short answer is compared with an author's accepted answers (docs/question-types.md). Every
 * comparison first trims the candidate's answer: a trailing space from a phone keyboard is never a wrong answer.
 */

/** "exact": the same characters after trimming, in Unicode's composed form (é typed as one or two code points). */
const exactForm = (text: string): string => text.trim().normalize('NFC');

/**
 * "text": compatibility-normalised (full-width letters, ligatures), case-folded without a locale (ß and SS alike),
 * runs of whitespace as one space. Accents still count: "resume" is not "résumé".
 */
export const textForm = (text: string): string => text.normalize('NFKC').toUpperCase().toLowerCase().replace(/\s+/gu, ' ').trim();

/** A decimal: an optional sign, digits with at most one point ("42", "-0.5", "+.5", "3."); no exponent, no separators. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The candidate's text as a decimal (full-width digits and the minus sign U+2212 read as ASCII), or undefined. */
export const parseDecimal = (text: string): number | undefined => {
  const plain = text
    .normalize('NFKC')
    .replace(/\u2212/gu, '-')
    .trim();
  if (!DECIMAL.test(plain)) return undefined;
  const value = Number(plain);
  return Number.isFinite(value) ? value : undefined;
};

export const isDecimalText = (text: string): boolean => parseDecimal(text) !== undefined;

/** Float error of decimals such as 0.1 + 0.2: far below any tolerance an author means. */
const numberSlack = (expected: number): number => 1e-9 * Math.max(1, Math.abs(expected));

/**
 * The compiled pattern, or why it cannot be compiled. RE2 (re2js, pure JavaScript) matches in time linear in the
 * text whatever the pattern: an author's expression run on a stranger's text cannot hold a worker (no ReDoS).
 */
const compilePattern = (pattern: string): { compiled: RE2JS } | { error: string } => {
  try {
    return { compiled: RE2JS.compile(pattern) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
};

/** Why an author's pattern is refused at import, or undefined when RE2 accepts it. */
export const answerPatternError = (pattern: string): string | undefined => {
  const result = compilePattern(pattern);
  return 'error' in result ? result.error : undefined;
};

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
