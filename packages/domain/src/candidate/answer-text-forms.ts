import { RE2JS } from 're2js';

/**
 * The forms a short answer is compared in (docs/question-types.md), and the author's patterns compiled. Apart from
 * the schemas, so that the test definition's schema can check accepted answers at import with the same rules.
 */

/** "exact": the same characters after trimming, in Unicode's composed form (é typed as one or two code points). */
export const exactForm = (text: string): string => text.trim().normalize('NFC');

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
export const numberSlack = (expected: number): number => 1e-9 * Math.max(1, Math.abs(expected));

/**
 * The compiled pattern, or why it cannot be compiled. RE2 (re2js, pure JavaScript) matches in time linear in the
 * text whatever the pattern: an author's expression run on a stranger's text cannot hold a worker (no ReDoS).
 */
export const compilePattern = (pattern: string): { compiled: RE2JS } | { error: string } => {
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
