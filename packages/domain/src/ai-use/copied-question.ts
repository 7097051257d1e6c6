import { AI_USE_THRESHOLDS } from './ai-use-thresholds.js';
import type { AiUseFinding } from './ai-use-finding.js';
import { longestSharedRun, proseWordCount, questionProse } from './shared-run.js';

/**
 * Rule 1, copying the question's text (decision 1201): a paste into the answer that repeats a long run of the
 * question's prose, or an answer that holds one as submitted — typed or pasted. The question's code spans and blocks
 * are not prose, and lines the starter code already had are not the candidate's, so a coding answer that repeats its
 * signature, an example call or a docstring the author wrote matches nothing. Known false positives: a candidate who
 * pastes the question into a comment to work from it; an essay that quotes the question on purpose.
 */
export interface CopiedQuestionFacts {
  readonly questionId: number;
  /** The question's text as authored (Markdown). */
  readonly questionText: string;
  /** The answer as submitted: a written answer's text or the code; null when none. */
  readonly answer: string | null;
  /** The answer's starter code in its language ('' for written questions). */
  readonly starterCode: string;
  readonly answerSavedAt: number | null;
  /** The pastes into the answer, each with the longest run of the question's prose the page found in it. */
  readonly pastes: readonly { readonly at: number; readonly questionWords?: number | undefined }[];
}

/** The answer without the lines the starter code already holds (compared trimmed). */
const ownLines = (answer: string, starterCode: string): string => {
  const given = new Set(
    starterCode
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  );
  return answer
    .split('\n')
    .filter((line) => !given.has(line.trim()))
    .join('\n');
};

export const copiedQuestion = (facts: CopiedQuestionFacts): AiUseFinding | null => {
  const { minWords } = AI_USE_THRESHOLDS.copiedQuestion;
  const prose = questionProse(facts.questionText);
  const run = facts.answer === null ? { words: 0, excerpt: '' } : longestSharedRun(prose, ownLines(facts.answer, facts.starterCode));
  const pastedWords = Math.max(0, ...facts.pastes.map((paste) => paste.questionWords ?? 0));
  if (Math.max(run.words, pastedWords) < minWords) return null;
  const paste = facts.pastes.find((entry) => (entry.questionWords ?? 0) >= minWords);
  const at = paste?.at ?? facts.answerSavedAt;
  if (at === null) return null;
  return {
    kind: 'copied-question',
    questionId: facts.questionId,
    at,
    figures: { pastedWords, answerWords: run.words, proseWords: proseWordCount(prose), excerpt: run.excerpt },
  };
};
