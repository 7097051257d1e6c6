import { describe, expect, it } from 'vitest';
import { SOLUTIONS_PER_CHECK_CAP, solutionsWithinCap } from './solution-cap.js';

describe('solutionsWithinCap', () => {
  it('takes a definition with as many solutions as the cap', () => {
    expect(solutionsWithinCap(SOLUTIONS_PER_CHECK_CAP)).toEqual({ val: SOLUTIONS_PER_CHECK_CAP });
  });

  it('refuses one more, naming the count and the cap', () => {
    expect(solutionsWithinCap(SOLUTIONS_PER_CHECK_CAP + 1).err).toEqual({
      kind: 'too-many-solutions',
      message: `The definition carries 61 reference and wrong solutions; one check runs at most 60. Split the file into several tests, or keep fewer solutions per question.`,
    });
  });
});
