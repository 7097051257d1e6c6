import { variantMaxScores } from '../candidate/question-variant.js';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import type { ScoreStanding } from './percentile.js';
import { scoreRanking } from './score-ranking.js';

/** A scored attempt of a test with pools: its score and the seed its draw came from. */
export interface DrawnScore {
  readonly score: number;
  readonly variantSeed: number | null;
}

/** Two decimals of a percent: equal shares of different draws (2 of 4, 3 of 6) tie exactly. */
const percentOfDraw = (score: number, max: number): number => (max === 0 ? 0 : Math.round((score / max) * 10_000) / 100);

/**
 * The standing of any attempt of a test with question pools among the test's scored attempts (decision 577): each
 * attempt is compared by its score as a percent of what its own draw was worth, so a candidate who drew the questions
 * worth more is neither helped nor held back by it. With pools whose questions carry equal marks (every draw worth
 * the same) this is the raw-score ranking. The scored attempts are read once; each standing is then a binary search
 * (the workbook ranks every row, decision 820).
 */
export const poolRanking = (
  scored: readonly DrawnScore[],
  sections: readonly Pick<SectionRecord, 'id' | 'pool'>[],
  questions: readonly QuestionRecord[],
): ((attempt: DrawnScore) => ScoreStanding) => {
  const percent = (attempt: DrawnScore): number => percentOfDraw(attempt.score, variantMaxScores(sections, questions, attempt.variantSeed).total);
  const counts = new Map<number, number>();
  for (const attempt of scored) {
    const share = percent(attempt);
    counts.set(share, (counts.get(share) ?? 0) + 1);
  }
  const rank = scoreRanking([...counts].map(([score, count]) => ({ score, count })));
  return (attempt) => rank(percent(attempt));
};

/** One attempt's standing among the scored attempts of a test with pools (the report's, `poolRanking`'s rule). */
export const poolStanding = (
  own: DrawnScore,
  scored: readonly DrawnScore[],
  sections: readonly Pick<SectionRecord, 'id' | 'pool'>[],
  questions: readonly QuestionRecord[],
): ScoreStanding => poolRanking(scored, sections, questions)(own);
