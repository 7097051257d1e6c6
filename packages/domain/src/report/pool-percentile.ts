import { variantMaxScores } from '../candidate/question-variant.js';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import { standingAmong, type ScoreStanding } from './percentile.js';

/** A scored attempt of a test with pools: its score and the seed its draw came from. */
export interface DrawnScore {
  readonly score: number;
  readonly variantSeed: number | null;
}

/** Two decimals of a percent: equal shares of different draws (2 of 4, 3 of 6) tie exactly. */
const percentOfDraw = (score: number, max: number): number => (max === 0 ? 0 : Math.round((score / max) * 10_000) / 100);

/**
 * How an attempt of a test with question pools stands among the test's scored attempts (decision 577): each attempt
 * is compared by its score as a percent of what its own draw was worth, so a candidate who drew the questions worth
 * more is neither helped nor held back by it. With pools whose questions carry equal marks (every draw worth the
 * same) this is the raw-score ranking.
 */
export const poolStanding = (
  own: DrawnScore,
  scored: readonly DrawnScore[],
  sections: readonly Pick<SectionRecord, 'id' | 'pool'>[],
  questions: readonly QuestionRecord[],
): ScoreStanding => {
  const percent = (attempt: DrawnScore): number => percentOfDraw(attempt.score, variantMaxScores(sections, questions, attempt.variantSeed).total);
  return standingAmong(percent(own), scored.map(percent));
};
