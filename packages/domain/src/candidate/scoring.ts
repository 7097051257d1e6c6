import { match } from 'ts-pattern';
import type { CodingLanguage } from '../schemas/coding-language.js';
import { type CodingQuestion, type QuestionDefinition, starterCodeOf } from '../schemas/test-definition.js';
import { savedAnswerLanguage } from './answer-language.js';
import { matchesShortAnswer } from './short-answer-match.js';
import { isTextAnswerGiven } from './written-answer.js';

export interface Answer {
  readonly optionIds?: number[] | undefined;
  readonly code?: string | undefined;
  /** Coding answers: the language of `code` (none: the question's first). */
  readonly language?: CodingLanguage | undefined;
  /** Coding answers: the code left in the question's other languages (decision 1124); never scored. */
  readonly drafts?: Readonly<Partial<Record<CodingLanguage, string>>> | undefined;
  /** short_answer and free_text answers. */
  readonly text?: string | undefined;
}

/** What the sandbox found for a coding answer: hidden tests passed out of all of them. */
export interface CodingOutcome {
  readonly passed: number;
  readonly total: number;
}

/** Two decimals; the epsilon keeps exact halves such as 1.005 from rounding down through float error. */
const round2 = (value: number): number => Math.round((value + Math.sign(value) * Number.EPSILON) * 100) / 100;

/** The cost of a wrong answer, as a score (never -0). */
const penalty = (negativeMarks: number): number => (negativeMarks === 0 ? 0 : -negativeMarks);

const correctOptionIds = (question: { options: readonly { correct: boolean }[] }): number[] =>
  question.options.flatMap((option, index) => (option.correct ? [index] : []));

/** A coding answer counts only when it is more than the starter code of its language. */
export const isCodingAnswerGiven = (question: CodingQuestion, answer: Answer | undefined): boolean =>
  answer?.code !== undefined &&
  answer.code.trim() !== '' &&
  answer.code.trim() !== starterCodeOf(question, savedAnswerLanguage(question, answer.language)).trim();

/**
 * Marks for one question (decision 35, "Scoring"): unanswered is 0; a wrong answer costs its
 * negative marks; multiple choice gives partial credit for a subset of the right options with nothing
 * wrong; coding scores the share of hidden tests passed, and passing none costs the negative marks.
 */
export const scoreQuestion = (question: QuestionDefinition, answer: Answer | undefined, coding?: CodingOutcome): number =>
  match(question)
    .with({ type: 'single_choice' }, (choice) => {
      const selected = [...new Set(answer?.optionIds ?? [])];
      if (selected.length === 0) return 0;
      const [correct] = correctOptionIds(choice);
      return selected.length === 1 && selected[0] === correct ? choice.marks : penalty(choice.negativeMarks);
    })
    .with({ type: 'multiple_choice' }, (choice) => {
      const selected = new Set(answer?.optionIds ?? []);
      if (selected.size === 0) return 0;
      const correct = new Set(correctOptionIds(choice));
      if ([...selected].some((id) => !correct.has(id))) return penalty(choice.negativeMarks);
      return round2((choice.marks * selected.size) / correct.size);
    })
    .with({ type: 'coding' }, (codingQuestion) => {
      if (!isCodingAnswerGiven(codingQuestion, answer) || !coding || coding.total === 0) return 0;
      if (coding.passed === 0) return penalty(codingQuestion.negativeMarks);
      return round2((codingQuestion.marks * coding.passed) / coding.total);
    })
    .with({ type: 'short_answer' }, (short) => {
      if (!isTextAnswerGiven(answer?.text)) return 0;
      if (matchesShortAnswer(short, answer.text)) return short.marks;
      // An unmatched answer a person reviews scores nothing until graded; otherwise it is a wrong answer.
      return short.reviewUnmatched ? 0 : penalty(short.negativeMarks);
    })
    .with({ type: 'free_text' }, () => 0)
    .exhaustive();

/**
 * Whether a person must judge the answer before the score is final (decision in docs/question-types.md): every
 * free_text answer, and a short answer matching none of the accepted ones when the author asked for review. A blank
 * or missing answer never waits: it scores 0 at once.
 */
export const awaitsReview = (question: QuestionDefinition, answer: Answer | undefined): boolean =>
  match(question)
    .with({ type: 'short_answer' }, (short) => short.reviewUnmatched && isTextAnswerGiven(answer?.text) && !matchesShortAnswer(short, answer.text))
    .with({ type: 'free_text' }, () => isTextAnswerGiven(answer?.text))
    .with({ type: 'single_choice' }, { type: 'multiple_choice' }, { type: 'coding' }, () => false)
    .exhaustive();

export interface ScorableQuestion {
  readonly questionId: number;
  readonly sectionId: number;
  readonly definition: QuestionDefinition;
}

export interface AttemptScore {
  readonly total: number;
  readonly bySection: ReadonlyMap<number, number>;
  /** Marks of each question, by question id: what the report shows question by question. */
  readonly byQuestion: ReadonlyMap<number, number>;
  /** Questions whose answers wait for a person, in the attempt's order: while any does, the score is provisional. */
  readonly awaitingReview: readonly number[];
}

/** Sums question marks per section and overall; totals can be negative, as the spec allows. */
export const scoreAttempt = (
  questions: readonly ScorableQuestion[],
  answers: ReadonlyMap<number, Answer>,
  coding: ReadonlyMap<number, CodingOutcome>,
): AttemptScore => {
  const byQuestion = new Map<number, number>();
  const awaitingReview: number[] = [];
  for (const question of questions) {
    const answer = answers.get(question.questionId);
    if (awaitsReview(question.definition, answer)) awaitingReview.push(question.questionId);
    byQuestion.set(question.questionId, scoreQuestion(question.definition, answer, coding.get(question.questionId)));
  }
  return { ...sumMarks(questions, byQuestion), byQuestion, awaitingReview };
};

/**
 * Adds each question's marks (missing: 0) into its section's and the total, rounded to two decimals at each step:
 * the one sum of the machine's scoring and of the final score once a person has graded (`finalScore`).
 */
export const sumMarks = (
  questions: readonly Pick<ScorableQuestion, 'questionId' | 'sectionId'>[],
  byQuestion: ReadonlyMap<number, number>,
): Pick<AttemptScore, 'total' | 'bySection'> => {
  const bySection = new Map<number, number>();
  let total = 0;
  for (const question of questions) {
    const marks = byQuestion.get(question.questionId) ?? 0;
    bySection.set(question.sectionId, round2((bySection.get(question.sectionId) ?? 0) + marks));
    total = round2(total + marks);
  }
  return { total, bySection };
};

/** Whether an answer's shape fits its question: option ids that exist, code for coding questions, text for written ones. */
export const answerFits = (question: QuestionDefinition, answer: Answer): boolean =>
  match(question)
    .with({ type: 'single_choice' }, { type: 'multiple_choice' }, (choice) => {
      const ids = answer.optionIds;
      if (ids === undefined || answer.code !== undefined || answer.text !== undefined) return false;
      if (choice.type === 'single_choice' && ids.length > 1) return false;
      return ids.every((id) => Number.isInteger(id) && id >= 0 && id < choice.options.length);
    })
    .with({ type: 'coding' }, () => answer.code !== undefined && answer.optionIds === undefined && answer.text === undefined)
    .with({ type: 'short_answer' }, { type: 'free_text' }, () => answer.text !== undefined && answer.optionIds === undefined && answer.code === undefined)
    .exhaustive();
