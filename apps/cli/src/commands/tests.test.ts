import { describe, expect, it } from 'vitest';
import { listText } from './tests.js';

const test = { testId: 1, testName: 'SQL', accessKey: 'k', duration: 30, questions: 5, testStatus: 'Active' as const };

describe('assay tests list, for people', () => {
  it('says the page and the count, or that the server gave no count', () => {
    expect(listText({ tests: [test], testsCount: 41 }, 2, 20)).toMatch(/\nPage 2 of 3 \(41 tests\)$/);
    expect(listText({ tests: [test], testsCount: null }, 2, 20)).toMatch(/\nPage 2 \(the server did not say how many tests there are\)$/);
  });
});
