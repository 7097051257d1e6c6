import { describe, expect, it } from 'vitest';
import { cellText, queryRowsOf, rowsDifference, rowsSentence } from './rows-diff.js';

const expected = {
  columns: ['name', 'total'],
  rows: [
    ['ann', 7],
    ['bob', 5],
    ['cy', null],
  ],
};
const loose = { ordered: false, checkColumnNames: true };

describe('rowsDifference', () => {
  it('matches rows as a multiset: the missing expected rows and the rows not expected', () => {
    const actual = {
      columns: ['name', 'total'],
      rows: [
        ['bob', 5],
        ['ann', 8],
        ['cy', null],
      ],
    };
    const difference = rowsDifference(expected, actual, loose);
    expect(difference).toEqual({ columns: null, missing: [true, false, false], extra: [false, true, false] });
    expect(rowsSentence(difference)).toBe('1 expected row is missing. 1 row is not expected.');
  });

  it('reads numbers by value and booleans as 1 or 0, but text exactly', () => {
    const actual = {
      columns: ['name', 'total'],
      rows: [
        ['ann', 7.0000000001],
        ['bob', 5],
        ['cy', null],
      ],
    };
    expect(rowsSentence(rowsDifference(expected, actual, loose))).toBeNull();
    const flags = rowsDifference({ columns: ['ok'], rows: [[1]] }, { columns: ['ok'], rows: [[true]] }, loose);
    expect(rowsSentence(flags)).toBeNull();
    const text = rowsDifference({ columns: ['n'], rows: [[7]] }, { columns: ['n'], rows: [['7']] }, loose);
    expect(text).toMatchObject({ missing: [true], extra: [true] });
  });

  it('counts duplicates: a row expected twice and answered once is missing once', () => {
    const twice = { columns: ['n'], rows: [[1], [1]] };
    expect(rowsDifference(twice, { columns: ['n'], rows: [[1]] }, loose)).toMatchObject({ missing: [false, true], extra: [false] });
  });

  it('in order when the question asks for one', () => {
    const actual = {
      columns: ['name', 'total'],
      rows: [
        ['bob', 5],
        ['ann', 7],
        ['cy', null],
      ],
    };
    expect(rowsSentence(rowsDifference(expected, actual, loose))).toBeNull();
    const ordered = rowsDifference(expected, actual, { ordered: true, checkColumnNames: true });
    expect(ordered.missing.filter(Boolean)).toHaveLength(1);
    expect(ordered.extra.filter(Boolean)).toHaveLength(1);
  });

  it('says when the columns differ in number, or in name when the question checks names', () => {
    const renamed = { columns: ['name', 'sum'], rows: expected.rows };
    expect(rowsDifference(expected, renamed, loose).columns).toBe('Expected the columns name, total; your query named them name, sum.');
    expect(rowsDifference(expected, renamed, { ...loose, checkColumnNames: false }).columns).toBeNull();
    expect(rowsDifference(expected, { columns: ['NAME', 'Total'], rows: expected.rows }, loose).columns).toBeNull();
    const narrow = rowsDifference(expected, { columns: ['name'], rows: [['ann'], ['bob'], ['cy']] }, loose);
    expect(rowsSentence(narrow)).toMatch(
      /^Expected 2 columns \(name, total\); your query returned 1 \(name\)\. 3 expected rows are missing\. 3 rows are not expected\.$/,
    );
  });
});

describe('queryRowsOf and cellText', () => {
  it('reads the rows shape and nothing else', () => {
    expect(queryRowsOf({ columns: ['a'], rows: [[1]] })).toEqual({ columns: ['a'], rows: [[1]] });
    expect(queryRowsOf('14\n')).toBeNull();
    expect(queryRowsOf({ columns: [1], rows: [] })).toBeNull();
    expect(queryRowsOf(undefined)).toBeNull();
  });

  it('shows NULL, text as it is and numbers as written', () => {
    expect([null, 'ann', 7.5, true].map(cellText)).toEqual(['NULL', 'ann', '7.5', 'true']);
  });
});
