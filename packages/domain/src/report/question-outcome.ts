import type { Answer } from '../candidate/scoring.js';
import { isTextAnswerGiven } from '../candidate/written-answer.js';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import type { CodingLanguage } from '../schemas/coding-language.js';
import { codingAnswerFacts, shownHiddenTests } from './coding-answer-facts.js';

/** What scoring found for one question: its marks, and each hidden test's verdict for coding answers. */
export interface QuestionResult {
  readonly marks: number;
  readonly cases: readonly boolean[] | null;
}

/**
 * What an attempt earned on one question: the one meaning of its marks, of "answered" and of its hidden tests, which
 * the report details (the PDF, the JSON) and the Excel Questions sheet all take from here.
 */
export interface QuestionOutcome {
  readonly questionId: number;
  /** Null until the attempt is scored. */
  readonly awarded: number | null;
  readonly answered: boolean;
  /** Coding questions only. */
  readonly coding?: {
    /** The language the candidate answered in (the question's first when unanswered). */
    readonly language: CodingLanguage;
    readonly code: string | null;
    /** Null when the code was not run against them (not answered, or not scored yet). */
    readonly cases: readonly boolean[] | null;
    readonly hiddenTests: { readonly passed: number; readonly total: number } | null;
  };
}

export const questionOutcome = (question: QuestionRecord, answer: Answer | undefined, result: QuestionResult | undefined): QuestionOutcome => {
  const { definition } = question;
  const awarded = result ? result.marks : null;
  // A written answer is answered when its text is not blank (the one meaning scoring gives it).
  if (definition.type === 'short_answer' || definition.type === 'free_text')
    return { questionId: question.id, awarded, answered: isTextAnswerGiven(answer?.text) };
  if (definition.type !== 'coding') return { questionId: question.id, awarded, answered: (answer?.optionIds?.length ?? 0) > 0 };
  const { language, answered } = codingAnswerFacts(definition, answer);
  return { questionId: question.id, awarded, answered, coding: { language, code: answer?.code ?? null, ...shownHiddenTests(answered, result?.cases) } };
};

/** The test's questions in the report's order: section by section, each section's questions in their order. */
export const questionsInReportOrder = (sections: readonly SectionRecord[], questions: readonly QuestionRecord[]): QuestionRecord[] =>
  sections.flatMap((section) => questions.filter((question) => question.sectionId === section.id));

/**
 * An attempt's outcomes in the report's order, without the rest of its report (texts, options, times, integrity):
 * what a sheet of 100,000 attempts needs of each.
 */
export const questionOutcomesOf = (
  ordered: readonly QuestionRecord[],
  answers: ReadonlyMap<number, Answer>,
  results: ReadonlyMap<number, QuestionResult>,
): QuestionOutcome[] => ordered.map((question) => questionOutcome(question, answers.get(question.id), results.get(question.id)));
