import { describe, expect, it } from 'vitest';
import { MIN_ATTEMPTS_FOR_PERCENTILE, percentileRank, standingAmong } from './percentile.js';
import { percentOf, verdictFor } from './verdict.js';

const bands = [
  { label: 'Strong', minPercent: 80 },
  { label: 'Consider', minPercent: 50 },
  { label: 'Weak', minPercent: 0 },
];

describe('verdictFor', () => {
  it.each([
    [100, 'Strong'],
    [80, 'Strong'],
    [79.9, 'Consider'],
    [50, 'Consider'],
    [0, 'Weak'],
  ])('%s %% → %s', (percent, label) => {
    expect(verdictFor(percent, bands)?.label).toBe(label);
  });

  it('is null below every band, and without bands', () => {
    expect(verdictFor(10, [{ label: 'Pass', minPercent: 60 }])).toBeNull();
    expect(verdictFor(99, [])).toBeNull();
  });
});

describe('percentOf', () => {
  it('rounds to a tenth, never below 0, and is 0 for a test without marks', () => {
    expect(percentOf(7.5, 10)).toBe(75);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(-2, 10)).toBe(0);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe('percentileRank', () => {
  it('is hidden under the minimum number of attempts', () => {
    expect(
      percentileRank(
        standingAmong(
          5,
          Array.from({ length: MIN_ATTEMPTS_FOR_PERCENTILE - 1 }, (_, i) => i),
        ),
      ),
    ).toBeNull();
  });

  it('counts those below, and ties as half', () => {
    expect(percentileRank(standingAmong(10, [2, 4, 6, 8, 10]))).toEqual({ percentile: 90, basedOn: 5 });
    expect(percentileRank(standingAmong(2, [2, 4, 6, 8, 10]))).toEqual({ percentile: 10, basedOn: 5 });
    expect(percentileRank(standingAmong(5, [5, 5, 5, 5, 5]))).toEqual({ percentile: 50, basedOn: 5 });
  });
});
