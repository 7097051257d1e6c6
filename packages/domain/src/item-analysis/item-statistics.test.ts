import { describe, expect, it } from 'vitest';
import { meanOf, medianOf, pearsonOf, roundFigure } from './item-statistics.js';

describe('the statistics item analysis is made of', () => {
  it('takes the mean and the median, nothing of nothing', () => {
    expect(meanOf([1, 2, 6])).toBe(3);
    expect(meanOf([])).toBeNull();
    expect(medianOf([9, 1, 5])).toBe(5);
    expect(medianOf([4, 1, 3, 10])).toBe(3.5);
    expect(medianOf([])).toBeNull();
  });

  it('correlates by Pearson, undefined when a side does not vary', () => {
    expect(pearsonOf([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearsonOf([1, 2, 3], [6, 4, 2])).toBeCloseTo(-1, 12);
    // Hand-computed: cov 0.25, var 1 and 0.1875 → 0.25 / √0.1875.
    expect(pearsonOf([1, 1, 0, 0], [1, 0.5, 0.5, 0.5])).toBeCloseTo(0.57735, 5);
    expect(pearsonOf([1, 1, 1], [0, 1, 2])).toBeNull();
    expect(pearsonOf([1], [1])).toBeNull();
  });

  it('rounds figures to three decimals', () => {
    expect(roundFigure(0.57735)).toBe(0.577);
    expect(roundFigure(null)).toBeNull();
  });
});
