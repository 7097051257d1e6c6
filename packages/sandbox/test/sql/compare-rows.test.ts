import { describe, expect, test } from 'vitest';
import { sameRows } from '../../src/sql/compare-rows.js';

const ordered = { ordered: true, checkColumnNames: true };
const unordered = { ordered: false, checkColumnNames: true };
const rows = (columns: string[], ...values: unknown[][]) => ({ columns, rows: values });

describe('sameRows', () => {
  test('ordered rows must come in order; unordered ones compare as a multiset', () => {
    const expected = rows(['id'], [1], [2], [2]);
    expect(sameRows(rows(['id'], [2], [1], [2]), expected, ordered)).toBe(false);
    expect(sameRows(rows(['id'], [2], [1], [2]), expected, unordered)).toBe(true);
    // A multiset: the count of each row matters.
    expect(sameRows(rows(['id'], [1], [1], [2]), expected, unordered)).toBe(false);
    expect(sameRows(rows(['id'], [1], [2]), expected, unordered)).toBe(false);
    // Rows are matched by value, not by spelling: 2.0000000001 is the row 2, and true the row 1.
    expect(sameRows(rows(['id'], [2.0000000001], [true], [2]), expected, unordered)).toBe(true);
  });

  test('column names are compared case-insensitively, and only when checked', () => {
    const expected = rows(['Name', 'total'], ['a', 1]);
    expect(sameRows(rows(['name', 'TOTAL'], ['a', 1]), expected, ordered)).toBe(true);
    expect(sameRows(rows(['name', 'sum'], ['a', 1]), expected, ordered)).toBe(false);
    expect(sameRows(rows(['name', 'sum'], ['a', 1]), expected, { ordered: true, checkColumnNames: false })).toBe(true);
    // The count of columns always matters.
    expect(sameRows(rows(['name'], ['a']), expected, { ordered: true, checkColumnNames: false })).toBe(false);
    // Names unchecked, values still compared by the value rule.
    expect(sameRows(rows(['x', 'y'], ['a', true]), expected, { ordered: true, checkColumnNames: false })).toBe(true);
  });

  test('numbers compare by value with a small tolerance; integers equal floats', () => {
    expect(sameRows(rows(['x'], [2]), rows(['x'], [2.0]), ordered)).toBe(true);
    expect(sameRows(rows(['x'], [2.3333333333333335]), rows(['x'], [2.333333333]), ordered)).toBe(true);
    expect(sameRows(rows(['x'], [2.34]), rows(['x'], [2.33]), ordered)).toBe(false);
    expect(sameRows(rows(['x'], [1e12 + 1]), rows(['x'], [1e12]), ordered)).toBe(true);
  });

  test('a boolean equals 1 or 0 (SQLite has no booleans); NULL equals only NULL; text is exact', () => {
    expect(sameRows(rows(['ok'], [1], [0]), rows(['ok'], [true], [false]), ordered)).toBe(true);
    expect(sameRows(rows(['ok'], [true]), rows(['ok'], [0]), ordered)).toBe(false);
    expect(sameRows(rows(['x'], [null]), rows(['x'], [null]), ordered)).toBe(true);
    expect(sameRows(rows(['x'], [null]), rows(['x'], [0]), ordered)).toBe(false);
    expect(sameRows(rows(['x'], [null]), rows(['x'], ['']), ordered)).toBe(false);
    expect(sameRows(rows(['x'], ['5']), rows(['x'], [5]), ordered)).toBe(false);
    expect(sameRows(rows(['x'], ['Ann']), rows(['x'], ['ann']), ordered)).toBe(false);
    expect(sameRows(rows(['x'], ['ann ']), rows(['x'], ['ann']), ordered)).toBe(false);
  });

  test('unordered rows match when near-equal numbers sort apart before a later column', () => {
    // 0.30000000000000004 sorts after 0.3, so sorting alone pairs ('b') with ('a'): each row must still find its equal.
    const expected = rows(['x', 'name'], [0.3, 'a'], [0.3, 'b']);
    expect(sameRows(rows(['x', 'name'], [0.30000000000000004, 'a'], [0.3, 'b']), expected, unordered)).toBe(true);
    expect(sameRows(rows(['x', 'name'], [0.30000000000000004, 'a'], [0.3, 'a']), expected, unordered)).toBe(false);
  });

  test('unordered rows with nulls, mixed types and near-equal floats still match', () => {
    const expected = rows(['a', 'b'], [null, 'x'], [1.5, 'y'], [true, null], ['t', 2]);
    const actual = rows(['a', 'b'], ['t', 2], [1, null], [1.5000000001, 'y'], [null, 'x']);
    expect(sameRows(actual, expected, unordered)).toBe(true);
  });
});
