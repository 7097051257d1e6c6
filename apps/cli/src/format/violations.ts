/**
 * The report's two integrity numbers in words (spec 4.11): `wv` counts the times the candidate left the test
 * window; `tv` is the seconds they spent outside it — a duration, not a count.
 */
export const windowViolationsText = (wv: number): string => `wv ${wv} (left the test window)`;
export const timeViolationText = (tv: number): string => `tv ${tv} s outside it`;
export const violationsText = (wv: number, tv: number): string => `${windowViolationsText(wv)} · ${timeViolationText(tv)}`;
