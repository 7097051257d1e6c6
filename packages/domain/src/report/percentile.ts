/** Below this many completed attempts a percentile says more about chance than about the candidate. */
export const MIN_ATTEMPTS_FOR_PERCENTILE = 5;

/**
 * The share of the test's completed attempts that scored below this one, counting ties as half (the usual
 * "percentile rank"), in whole percent; null when fewer than MIN_ATTEMPTS_FOR_PERCENTILE attempts exist.
 * `scores` holds every completed attempt's score, this one's included.
 */
export const percentileRank = (score: number, scores: readonly number[]): { percentile: number; basedOn: number } | null => {
  if (scores.length < MIN_ATTEMPTS_FOR_PERCENTILE) return null;
  const below = scores.filter((other) => other < score).length;
  const tied = scores.filter((other) => other === score).length;
  return { percentile: Math.round(((below + tied / 2) / scores.length) * 100), basedOn: scores.length };
};
