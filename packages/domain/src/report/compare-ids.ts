import { ok, refuse, type Result } from '../result.js';

/** iMocha compares 3, an ATS up to 50: five columns still fit 80 columns of a terminal (decision 1426). */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 5;

const wholeId = /^[1-9][0-9]{0,14}$/;

/**
 * The invitation ids of `?ids=4,7,9`: each a positive whole number, none twice (400.126), 2 to 5 of them (400.125).
 * Every problem names what to fix, so a slip in a script is read off the answer.
 */
export const parseCompareIds = (text: string): Result<number[]> => {
  const parts = text.split(',').map((part) => part.trim());
  const malformed = parts.find((part) => !wholeId.test(part));
  if (malformed !== undefined) {
    return refuse('compare-ids-not-valid', `ids must be invitation ids separated by commas; "${malformed}" is not an id.`);
  }
  const ids = parts.map(Number);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) return refuse('compare-ids-not-valid', `ids names invitation ${repeated} twice; name each candidate once.`);
  if (ids.length < COMPARE_MIN || ids.length > COMPARE_MAX) {
    return refuse('compare-count-out-of-bounds', `Compare ${COMPARE_MIN} to ${COMPARE_MAX} candidates; ids names ${ids.length}.`);
  }
  return ok(ids);
};
