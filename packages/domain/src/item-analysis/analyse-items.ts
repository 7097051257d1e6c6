import { ITEM_ANALYSIS_THRESHOLDS } from './item-analysis-thresholds.js';
import type { ItemAnalysis, ItemAnalysisRow, ItemFlag } from './item-analysis.js';
import { meanOf, medianOf, pearsonOf, roundFigure } from './item-statistics.js';
import { optionAnalysisOf } from './option-analysis.js';

/** A question as item analysis reads it: its place, its version, what it is worth and, for choice questions, its options. */
export interface AnalysedQuestion {
  readonly number: number;
  readonly questionId: number;
  readonly version: string;
  readonly type: string;
  readonly sectionName: string;
  readonly maxMarks: number;
  /** Choice questions' options in their authored order; null for the other types. */
  readonly options: readonly { readonly text: string; readonly correct: boolean }[] | null;
}

/** One attempt with a final score: the marks of each question it was asked, its chosen options and its time per question. */
export interface ScoredAttempt {
  readonly invitationId: number;
  /** Marks by question id, for exactly the questions the attempt was asked (its draw, for pools). */
  readonly marks: ReadonlyMap<number, number>;
  /** Chosen option ids by question id (choice questions answered). */
  readonly choices: ReadonlyMap<number, readonly number[]>;
  /** Milliseconds the question was in view, by question id, where the page reported it. */
  readonly timesMs: ReadonlyMap<number, number>;
}

export interface ItemAnalysisFacts {
  readonly testId: number;
  readonly questions: readonly AnalysedQuestion[];
  readonly attempts: readonly ScoredAttempt[];
  /** Started attempts shown each question, by question id (`exposuresOf`). */
  readonly exposures: ReadonlyMap<number, number>;
}

/** An attempt's whole-test score as a fraction of what its own draw was worth, so pools compare fairly (decision 1458). */
interface Totals {
  readonly marks: number;
  readonly max: number;
}

const totalsOf = (attempt: ScoredAttempt, maxOf: ReadonlyMap<number, number>): Totals => {
  let marks = 0;
  let max = 0;
  for (const [questionId, got] of attempt.marks) {
    marks += got;
    max += maxOf.get(questionId) ?? 0;
  }
  return { marks, max };
};

/** The question's share of its marks in one attempt: negative marks count as none, so facility stays a share. */
const fractionOf = (marks: number, maxMarks: number): number => Math.min(1, Math.max(0, marks) / maxMarks);

/**
 * Kelley's upper and lower groups: the attempts ranked by whole-test fraction (ties by invitation, so the same data
 * gives the same groups), the top and bottom 27 % (at least one each). Empty with fewer than two attempts.
 */
export const kelleyGroups = <T extends { readonly invitationId: number }>(ranked: readonly { attempt: T; score: number }[]): { upper: T[]; lower: T[] } => {
  if (ranked.length < 2) return { upper: [], lower: [] };
  const order = [...ranked].sort((a, b) => b.score - a.score || a.attempt.invitationId - b.attempt.invitationId);
  const size = Math.max(1, Math.round(ranked.length * ITEM_ANALYSIS_THRESHOLDS.groupShare));
  return { upper: order.slice(0, size).map(({ attempt }) => attempt), lower: order.slice(-size).map(({ attempt }) => attempt) };
};

/** The flags of a question from its figures (docs/item-analysis.md "Flags"): too few attempts says nothing else. */
export const itemFlagsOf = (row: Pick<ItemAnalysisRow, 'attempts' | 'facility' | 'discrimination' | 'options'>): ItemFlag[] => {
  const t = ITEM_ANALYSIS_THRESHOLDS;
  if (row.attempts < t.minAttempts) return ['too-few-attempts'];
  const flags: ItemFlag[] = [];
  if (row.facility !== null && row.facility > t.tooEasyAbove) flags.push('too-easy');
  if (row.facility !== null && row.facility < t.tooHardBelow) flags.push('too-hard');
  if (row.discrimination !== null && row.discrimination < 0) flags.push('negative-discrimination');
  else if (row.discrimination !== null && row.discrimination < t.weakDiscriminationBelow) flags.push('weak-discrimination');
  const optionFlags = new Set((row.options ?? []).flatMap((option) => option.flags));
  for (const flag of ['unpicked-distractor', 'distractor-draws-strong'] as const) if (optionFlags.has(flag)) flags.push(flag);
  return flags;
};

const analyseQuestion = (question: AnalysedQuestion, facts: ItemAnalysisFacts, totals: ReadonlyMap<ScoredAttempt, Totals>): ItemAnalysisRow => {
  const asked = facts.attempts.filter((attempt) => attempt.marks.has(question.questionId));
  const worth = question.maxMarks > 0;
  const itemFractions: number[] = [];
  const restFractions: number[] = [];
  const ranked: { attempt: ScoredAttempt; score: number }[] = [];
  for (const attempt of asked) {
    const marks = attempt.marks.get(question.questionId)!;
    const total = totals.get(attempt)!;
    ranked.push({ attempt, score: total.max > 0 ? total.marks / total.max : 0 });
    if (!worth) continue;
    const restMax = total.max - question.maxMarks;
    // A test of one question has no rest: its correlation is undefined (null), not computed against nothing.
    if (restMax > 0) {
      itemFractions.push(fractionOf(marks, question.maxMarks));
      restFractions.push((total.marks - marks) / restMax);
    }
  }
  const fraction = (attempt: ScoredAttempt) => fractionOf(attempt.marks.get(question.questionId)!, question.maxMarks);
  const { upper, lower } = kelleyGroups(ranked);
  const upperMean = worth ? meanOf(upper.map(fraction)) : null;
  const lowerMean = worth ? meanOf(lower.map(fraction)) : null;
  const times = asked.flatMap((attempt) => {
    const ms = attempt.timesMs.get(question.questionId);
    return ms === undefined ? [] : [ms];
  });
  const medianMs = medianOf(times);
  const options = question.options && optionAnalysisOf(question.questionId, question.options, { asked, upper, lower }, ITEM_ANALYSIS_THRESHOLDS.minAttempts);
  const figures = {
    attempts: asked.length,
    facility: worth ? roundFigure(meanOf(asked.map(fraction))) : null,
    discrimination: roundFigure(pearsonOf(itemFractions, restFractions)),
    options,
  };
  return {
    number: question.number,
    questionId: question.questionId,
    version: question.version,
    type: question.type,
    sectionName: question.sectionName,
    exposures: facts.exposures.get(question.questionId) ?? 0,
    ...figures,
    upperLowerIndex: upperMean === null || lowerMean === null ? null : roundFigure(upperMean - lowerMean),
    medianTimeSeconds: medianMs === null ? null : Math.round(medianMs / 100) / 10,
    timedAttempts: times.length,
    flags: itemFlagsOf(figures),
  };
};

/**
 * Item analysis of a test's questions on its scored attempts (issue 62 item 5): per question and version, facility,
 * the corrected item-total correlation, Kelley's upper-lower index, each option's share, the median time and the
 * exposures, with their flags. Pure: the caller reads the attempts and computes the versions.
 */
export const analyseItems = (facts: ItemAnalysisFacts): ItemAnalysis => {
  const maxOf = new Map(facts.questions.map((question) => [question.questionId, question.maxMarks]));
  const totals = new Map(facts.attempts.map((attempt) => [attempt, totalsOf(attempt, maxOf)]));
  return {
    testId: facts.testId,
    scoredAttempts: facts.attempts.length,
    minAttempts: ITEM_ANALYSIS_THRESHOLDS.minAttempts,
    questions: facts.questions.map((question) => analyseQuestion(question, facts, totals)),
  };
};
