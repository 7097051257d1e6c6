import type { LanguageId, Signature } from '@assay/domain/languages';

/**
 * One problem answered in every language, so that every registered language is covered by the same equality and
 * isolation checks (test/languages/every-language.test.ts walks ALL_LANGUAGES and needs a fixture for each).
 *
 * topScores(scores: int[], k: int) -> int[]: the k largest scores, largest first (k <= scores.length).
 * The stdio form of the same problem: first line "n k", second line n scores; print the k largest, largest
 * first, separated by spaces, then a newline.
 */
export const TOP_SCORES_SIGNATURE: Signature = {
  params: [
    { name: 'scores', type: 'int[]' },
    { name: 'k', type: 'int' },
  ],
  returns: 'int[]',
};

export const TOP_SCORES_CASES = [
  { args: [[5, 1, 9, 3], 2], expected: [9, 5] },
  { args: [[7, 3], 1], expected: [7] },
  { args: [[-2, -8, 0, 4, 4], 3], expected: [4, 4, 0] },
];

export const TOP_SCORES_STDIO_CASES = [
  { input: '4 2\n5 1 9 3\n', expectedOutput: '9 5\n' },
  { input: '5 3\n-2 -8 0 4 4\n', expectedOutput: '4 4 0\n' },
];

export interface LanguageFixture {
  readonly language: Exclude<LanguageId, 'sqlite' | 'postgresql'>;
  /** topScores, right. */
  readonly correct: string;
  /** topScores that returns the k smallest instead (wrong on every case above). */
  readonly wrong: string;
  /** Code that does not compile (or parse), and the 1-based line of the candidate's file the error must name. */
  readonly compileError?: { readonly code: string; readonly line: number };
  /** Code that fails at run time on every case, and the line of the candidate's file its error must name. */
  readonly runtimeError: { readonly code: string; readonly line: number };
  /** The stdio form, right (absent for languages without the stdio form). */
  readonly stdioCorrect?: string;
  /** The programs the native checks run: every native language's fixture has them (nativeProgramsOf). */
  readonly native?: NativePrograms;
}

/** What test/native/case-times.test.ts and large-arguments.test.ts run in each native language. */
export interface NativePrograms {
  /** pause(ms: int) -> int: sleeps ms milliseconds and returns ms. */
  readonly pause: string;
  /** A stdio program that sleeps the milliseconds it reads and prints them. */
  readonly stdioPause: string;
  /** measure(values: int[], text: string) -> long[]: [how many values, their sum, the text's length], right. */
  readonly measure: string;
}
