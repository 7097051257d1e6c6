import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { MAX_FOLLOW_UP_QUESTION_CHARS, type FollowUpQuestion } from './follow-up-record.js';

/** What the templates read: the candidate's own answer and what kind of answer it is. */
export interface FollowUpTemplateInput {
  readonly kind: 'code' | 'text';
  readonly answer: string;
  readonly count: number;
  /** The attempt's seed and the question's id: the same attempt and question always get the same questions. */
  readonly seed: number;
  readonly questionId: number;
}

/** A line short enough to quote and long enough to mean something (not a lone brace, `else` or blank). */
const QUOTABLE_LINE = { min: 8, max: 80 } as const;
const COMMENT_OR_PUNCTUATION = /^(\/\/|#|--|\/\*|\*|[\s{}()[\];,]*$)/;

export const quotableLinesOf = (code: string): { readonly number: number; readonly text: string }[] =>
  code.split(/\r?\n/).flatMap((line, index) => {
    const text = line.trim();
    return text.length >= QUOTABLE_LINE.min && text.length <= QUOTABLE_LINE.max && !COMMENT_OR_PUNCTUATION.test(text) ? [{ number: index + 1, text }] : [];
  });

const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 20 && sentence.length <= 160);

const CODE_QUESTIONS = [
  'What happens with an empty input?',
  'What is the time cost of your solution, and why?',
  'Which input would you test first to show your solution is wrong, and what would you expect it to do?',
] as const;

const TEXT_QUESTIONS = [
  'Which part of your answer would you change with more time?',
  'What is the main point of your answer, in one or two sentences of your own?',
  'What example from your own experience supports your answer?',
] as const;

const generatorOf = (seed: number, questionId: number) => xoroshiro128plus((seed ^ Math.imul(questionId, 0x9e3779b1)) | 0);

/**
 * Template follow-ups over the candidate's own answer (decision 1222): first a question about a line (or a sentence)
 * of theirs, chosen with the attempt's seed, then general questions in a seeded order. Deterministic: the page asking
 * again, or a reviewer reading later, sees the same questions.
 */
export const templateFollowUps = (input: FollowUpTemplateInput): FollowUpQuestion[] => {
  const rng = generatorOf(input.seed, input.questionId);
  const pick = (length: number): number => uniformInt(rng, 0, length - 1);
  const quoted = input.kind === 'code' ? quotableLinesOf(input.answer) : sentencesOf(input.answer).map((text) => ({ number: 0, text }));
  const own: string[] = [];
  if (quoted.length > 0) {
    const chosen = quoted[pick(quoted.length)]!;
    own.push(input.kind === 'code' ? `What does line ${chosen.number}, \`${chosen.text}\`, do?` : `You wrote: “${chosen.text}” What did you mean by it?`);
  }
  const general: string[] = [...(input.kind === 'code' ? CODE_QUESTIONS : TEXT_QUESTIONS)];
  for (let place = general.length - 1; place > 0; place -= 1) {
    const swap = uniformInt(rng, 0, place);
    [general[place], general[swap]] = [general[swap]!, general[place]!];
  }
  return [...own, ...general].slice(0, input.count).map((text) => ({ text: text.slice(0, MAX_FOLLOW_UP_QUESTION_CHARS), source: 'template' as const }));
};
