import { describe, expect, it } from 'vitest';
import { listedSimilarPairs, MAX_LISTED_PAIRS_PER_QUESTION } from './similarity-detail.js';

describe('listedSimilarPairs: which pairs a report lists (decision 622)', () => {
  const pair = (id: number, questionId: number, score: number) => ({ id, questionId, score });

  it('lists every pair when no question has more than the bound, highest score first', () => {
    const pairs = [pair(1, 7, 0.6), pair(2, 8, 0.9), pair(3, 7, 0.75)];
    expect(listedSimilarPairs(pairs)).toEqual({ listed: [pair(2, 8, 0.9), pair(3, 7, 0.75), pair(1, 7, 0.6)], unlisted: 0 });
  });

  it('keeps the highest scores of each question up to the bound and counts the rest, per question', () => {
    const crowded = Array.from({ length: MAX_LISTED_PAIRS_PER_QUESTION + 3 }, (_, index) => pair(index + 1, 7, 0.5 + index / 100));
    const other = [pair(100, 8, 0.55), pair(101, 8, 0.95)];
    const { listed, unlisted } = listedSimilarPairs([...crowded, ...other]);
    expect(unlisted).toBe(3);
    expect(listed.filter((entry) => entry.questionId === 7).map((entry) => entry.id)).toEqual([8, 7, 6, 5, 4]);
    expect(listed.filter((entry) => entry.questionId === 8)).toHaveLength(2);
    expect(listed.map((entry) => entry.score)).toEqual([...listed.map((entry) => entry.score)].sort((a, b) => b - a));
  });

  it('breaks equal scores by the order given (the store orders by pair id)', () => {
    const ties = Array.from({ length: MAX_LISTED_PAIRS_PER_QUESTION + 1 }, (_, index) => pair(index + 1, 7, 1));
    expect(listedSimilarPairs(ties).listed.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lists a reviewed pair past the bound too, so its review shows and counts (decision 823)', () => {
    const crowded = Array.from({ length: MAX_LISTED_PAIRS_PER_QUESTION + 2 }, (_, index) => pair(index + 1, 7, 0.9 - index / 100));
    const { listed, unlisted } = listedSimilarPairs(crowded, (entry) => entry.id === 7);
    expect(listed.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(unlisted).toBe(1);
  });
});
