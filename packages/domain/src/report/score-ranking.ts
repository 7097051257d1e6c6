import type { ScoreStanding } from './percentile.js';

/** How many scored attempts of a test share one score (the store's per-score counts). */
export interface ScoreCount {
  readonly score: number;
  readonly count: number;
}

/**
 * The standing of any score among a test's scored attempts, from their per-score counts read once: what the
 * report's one-attempt standing counts in SQL, for a workbook that ranks every row (a binary search a row, not a
 * count over every attempt a row).
 */
export const scoreRanking = (counts: readonly ScoreCount[]): ((score: number) => ScoreStanding) => {
  const sorted = counts.filter((entry) => entry.count > 0).sort((a, b) => a.score - b.score);
  // below[i]: the attempts scoring under sorted[i].score.
  const below: number[] = [];
  let total = 0;
  for (const entry of sorted) {
    below.push(total);
    total += entry.count;
  }
  return (score) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]!.score < score) low = middle + 1;
      else high = middle;
    }
    const at = sorted[low];
    return { below: at ? below[low]! : total, tied: at?.score === score ? at.count : 0, total };
  };
};
