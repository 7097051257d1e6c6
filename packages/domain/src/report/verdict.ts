import type { VerdictBand } from '../schemas/test-definition.js';

/** The score as a percentage of the maximum (0 when the test has no marks); never below 0. */
export const percentOf = (score: number, max: number): number => (max <= 0 ? 0 : Math.max(0, Math.round((score / max) * 1000) / 10));

/** The band a percentage falls in: the one with the highest `minPercent` at or below it; none below every band. */
export const verdictFor = (percent: number, bands: readonly VerdictBand[]): VerdictBand | null =>
  [...bands].sort((a, b) => b.minPercent - a.minPercent).find((band) => percent >= band.minPercent) ?? null;
