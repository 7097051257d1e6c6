import { describe, expect, it } from 'vitest';
import { standingAmong } from './percentile.js';
import { scoreRanking } from './score-ranking.js';

const countsOf = (scores: readonly number[]) => {
  const counts = new Map<number, number>();
  for (const score of scores) counts.set(score, (counts.get(score) ?? 0) + 1);
  return [...counts].map(([score, count]) => ({ score, count }));
};

describe('scoreRanking', () => {
  it('stands every score as counting the scores one by one would', () => {
    const scores = [3, 7.5, 7.5, 0, 10, 3, 3, 12.25];
    const rank = scoreRanking(countsOf(scores));
    for (const score of [-1, 0, 1, 3, 5, 7.5, 10, 12.25, 20]) expect(rank(score)).toEqual(standingAmong(score, scores));
  });

  it('stands any score among no attempts as nothing', () => {
    expect(scoreRanking([])(4)).toEqual({ below: 0, tied: 0, total: 0 });
    expect(scoreRanking([{ score: 4, count: 0 }])(4)).toEqual({ below: 0, tied: 0, total: 0 });
  });
});
