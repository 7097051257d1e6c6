/** Below this many completed attempts a percentile says more about chance than about the candidate. */
export const MIN_ATTEMPTS_FOR_PERCENTILE = 5;

/** How one score stands among the test's completed, scored attempts (this one's included when scored). */
export interface ScoreStanding {
  readonly below: number;
  readonly tied: number;
  readonly total: number;
}

/** The standing of `score` among `scores`: what the store counts in SQL, for callers that hold the scores. */
export const standingAmong = (score: number, scores: readonly number[]): ScoreStanding => ({
  below: scores.filter((other) => other < score).length,
  tied: scores.filter((other) => other === score).length,
  total: scores.length,
});

/**
 * The share of the test's completed attempts that scored below this one, counting ties as half (the usual
 * "percentile rank"), in whole percent; null when fewer than MIN_ATTEMPTS_FOR_PERCENTILE attempts exist.
 */
export const percentileRank = ({ below, tied, total }: ScoreStanding): { percentile: number; basedOn: number } | null => {
  if (total < MIN_ATTEMPTS_FOR_PERCENTILE) return null;
  return { percentile: Math.round(((below + tied / 2) / total) * 100), basedOn: total };
};
