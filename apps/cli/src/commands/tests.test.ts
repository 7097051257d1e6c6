import { describe, expect, it } from 'vitest';
import { importedText, listText, pastLastPage } from './tests.js';

const test = { testId: 1, testName: 'SQL', accessKey: 'k', duration: 30, questions: 5, testStatus: 'Active' as const };

describe('assay tests list, for people', () => {
  it('says the page and the count, or that the server gave no count', () => {
    expect(listText({ tests: [test], testsCount: 41 }, 2, 20)).toMatch(/\nPage 2 of 3 \(41 tests\)$/);
    expect(listText({ tests: [test], testsCount: null }, 2, 20)).toMatch(/\nPage 2 \(the server did not say how many tests there are\)$/);
  });
});

describe('assay tests list --page past the last page', () => {
  it('is refused with the number of pages there are; page 1 and pages in range are not', () => {
    expect(pastLastPage({ tests: [], testsCount: 41 }, 9, 20)).toBe('Page 9 is past the last page: there are 3 pages of 20 (41 tests).');
    expect(pastLastPage({ tests: [test], testsCount: 41 }, 3, 20)).toBeUndefined();
    expect(pastLastPage({ tests: [], testsCount: 0 }, 1, 20)).toBeUndefined();
    expect(pastLastPage({ tests: [], testsCount: 0 }, 2, 20)).toBe('Page 2 is past the last page: there is 1 page of 20 (0 tests).');
    expect(pastLastPage({ tests: [], testsCount: null }, 4, 20)).toBe('Page 4 is past the last page: it holds no tests.');
    expect(pastLastPage({ tests: [test], testsCount: null }, 4, 20)).toBeUndefined();
  });
});

describe('assay tests import, for people', () => {
  it('says when a test with the same content already exists (the same file imported twice)', () => {
    const imported = { ...test, testId: 7, sections: [] };
    expect(importedText({ ...imported, sameContentAs: null })).toBe('Imported "SQL" as test 7.');
    expect(importedText({ ...imported, sameContentAs: 1 })).toBe('Imported "SQL" as test 7.\nA test with the same content already exists as test 1.');
  });
});
