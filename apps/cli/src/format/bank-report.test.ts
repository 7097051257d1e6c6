import type { BankImportReport } from '@assay/domain/schemas';
import { describe, expect, it } from 'vitest';
import { bankFormatOfFile, bankReportText } from './bank-report.js';

const report = (extra: Partial<BankImportReport> = {}): BankImportReport => ({
  test: {
    testId: 42,
    testName: 'SQL basics',
    accessKey: 'k',
    duration: 12,
    questions: 6,
    testStatus: 'Active',
    sections: [
      { sectionName: 'SQL basics', sectionType: 'General Questions', questions: 4, duration: 8 },
      { sectionName: 'Numbers', sectionType: 'General Questions', questions: 2, duration: 4 },
    ],
    sameContentAs: null,
  },
  importedCount: 6,
  skipped: [],
  notCarried: [],
  ...extra,
});

describe('assay tests import BANK', () => {
  it.each([
    ['bank.xml', 'moodle-xml'],
    ['BANK.XML', 'moodle-xml'],
    ['git.gift', 'gift'],
    ['git.txt', 'gift'],
    ['screen.json', undefined],
    ['screen', undefined],
  ])('tells %s by its extension', (file, format) => {
    expect(bankFormatOfFile(file)).toBe(format);
  });

  it('prints the test, each question skipped with why, and each part not carried', () => {
    const text = bankReportText(
      report({
        skipped: [{ index: 8, name: 'Match the clause', type: 'matching', why: 'matching questions have no Assay question type' }],
        notCarried: [
          { index: 1, name: 'What SELECT returns', what: 'the general feedback' },
          { index: 3, name: '', what: 'an image' },
        ],
      }),
    );
    expect(text).toBe(
      [
        'Imported "SQL basics" as test 42: 6 questions in 2 sections, 12 min.',
        '',
        'Skipped 1 question:',
        '  #8 "Match the clause" (matching): matching questions have no Assay question type',
        '',
        'Not carried over:',
        '  #1 "What SELECT returns": the general feedback',
        '  #3: an image',
      ].join('\n'),
    );
  });

  it('says when everything was carried over', () => {
    expect(bankReportText(report()).split('\n').at(-1)).toBe('Everything was carried over.');
  });
});
