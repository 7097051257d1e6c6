import { describe, expect, it } from 'vitest';
import { importedText, listText } from './tests.js';

const test = { testId: 1, testName: 'SQL', accessKey: 'k', duration: 30, questions: 5, testStatus: 'Active' as const };

describe('assay tests list, for people', () => {
  it('says the page and the count, or that the server gave no count', () => {
    expect(listText({ tests: [test], testsCount: 41 }, 2, 20)).toMatch(/\nPage 2 of 3 \(41 tests\)$/);
    expect(listText({ tests: [test], testsCount: null }, 2, 20)).toMatch(/\nPage 2 \(the server did not say how many tests there are\)$/);
  });
});

describe('assay tests import, for people', () => {
  it('says when a test with the same content already exists (the same file imported twice)', () => {
    const imported = { ...test, testId: 7, sections: [] };
    expect(importedText({ ...imported, sameContentAs: null })).toBe('Imported "SQL" as test 7.');
    expect(importedText({ ...imported, sameContentAs: 1 })).toBe('Imported "SQL" as test 7.\nA test with the same content already exists as test 1.');
  });
});
