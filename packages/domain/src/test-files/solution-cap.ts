import { ok, type Result, refuse } from '../result.js';

/**
 * The most solutions one `POST /v2/org/test-definition/check` runs (400.131, decision 1442). The largest ready test of
 * the library (data engineer, mid) carries 24 reference solutions over its ten coding questions; with a wrong-on-purpose
 * solution per question it is 34. Sixty holds that file with room for a second wrong solution on most questions, and
 * keeps one request to minutes of sandbox time in the scoring lane rather than hours (each run may compile and jail).
 */
export const SOLUTIONS_PER_CHECK_CAP = 60;

/** A definition carrying more solutions than the cap is refused whole, before any runs: half a check proves nothing. */
export const solutionsWithinCap = (count: number): Result<number> =>
  count <= SOLUTIONS_PER_CHECK_CAP
    ? ok(count)
    : refuse(
        'too-many-solutions',
        `The definition carries ${count} reference and wrong solutions; one check runs at most ${SOLUTIONS_PER_CHECK_CAP}. ` +
          'Split the file into several tests, or keep fewer solutions per question.',
      );
