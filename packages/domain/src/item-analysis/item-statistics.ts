// The three formulas item analysis is made of, over plain arrays: three short functions are clearer here than a
// statistics dependency in the pure core (decision 1459).

/** The arithmetic mean; null for no values. */
export const meanOf = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** The median (the mean of the middle two for an even count); null for no values. */
export const medianOf = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Pearson's product-moment correlation of paired values; null for fewer than two pairs or when either side does not
 * vary (the correlation is then undefined, not zero: a question everyone got right tells nothing about ability).
 * With a right/wrong item on one side it is the point-biserial correlation.
 */
export const pearsonOf = (xs: readonly number[], ys: readonly number[]): number | null => {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  const meanX = meanOf(xs.slice(0, n))!;
  const meanY = meanOf(ys.slice(0, n))!;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - meanX;
    const dy = ys[i]! - meanY;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  }
  // Sums of squares of floating-point fractions: a "constant" column can leave a residue of 1e-30, not a real spread.
  if (varianceX < 1e-12 || varianceY < 1e-12) return null;
  return covariance / Math.sqrt(varianceX * varianceY);
};

/** Three decimals: the figures a reader compares, without floating-point noise in the answer. */
export const roundFigure = (value: number | null): number | null => (value === null ? null : Math.round(value * 1000) / 1000);
