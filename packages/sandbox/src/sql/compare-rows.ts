import type { SqlRows } from '../run-request.js';

/** How close two numbers must be, relative to the larger (or absolute below 1): AVG and float sums differ by dialect. */
export const SQL_NUMBER_TOLERANCE = 1e-6;

/**
 * Whether a query's rows answer the expected ones (decision 741, packages/sandbox/README.md "SQL questions"): the same
 * number of columns (and, when checked, the same names, case-insensitively); the same rows, in order or as a multiset;
 * values equal when both are null, both text and identical, or both numeric (a boolean counts as 1 or 0, since SQLite
 * has none) within {@link SQL_NUMBER_TOLERANCE}.
 */
export function sameRows(actual: SqlRows, expected: SqlRows, options: { ordered: boolean; checkColumnNames: boolean }): boolean {
  if (actual.columns.length !== expected.columns.length) return false;
  if (options.checkColumnNames && actual.columns.some((name, index) => name.toLowerCase() !== expected.columns[index]?.toLowerCase())) return false;
  if (actual.rows.length !== expected.rows.length) return false;
  if (options.ordered) return actual.rows.every((row, index) => sameRow(row, expected.rows[index] ?? []));
  const left = [...actual.rows].sort(compareRows);
  const right = [...expected.rows].sort(compareRows);
  return left.every((row, index) => sameRow(row, right[index] ?? [])) || sameMultiset(left, right);
}

/**
 * Sorting puts equal rows side by side, except where numbers equal within the tolerance sort apart (0.3 and
 * 0.30000000000000004 before a later column decides): then each row is matched to an unmatched equal one.
 */
function sameMultiset(left: readonly (readonly unknown[])[], right: readonly (readonly unknown[])[]): boolean {
  const unmatched = [...right];
  return left.every((row) => {
    const at = unmatched.findIndex((candidate) => sameRow(row, candidate));
    if (at < 0) return false;
    unmatched.splice(at, 1);
    return true;
  });
}

function sameRow(left: readonly unknown[], right: readonly unknown[]): boolean {
  return left.length === right.length && left.every((value, index) => sameValue(value, right[index]));
}

function sameValue(left: unknown, right: unknown): boolean {
  const a = numeric(left);
  const b = numeric(right);
  if (a !== undefined && b !== undefined) return Math.abs(a - b) <= SQL_NUMBER_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
  if (typeof left === 'string' && typeof right === 'string') return left === right;
  return left === null && right === null;
}

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

/** Null first, then numbers (booleans as 1/0) by value, then text, then anything else by its JSON: a total order for the multiset compare. */
function compareRows(left: readonly unknown[], right: readonly unknown[]): number {
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const order = compareValues(left[index], right[index]);
    if (order !== 0) return order;
  }
  return 0;
}

function compareValues(left: unknown, right: unknown): number {
  const rank = (value: unknown) => (value === null || value === undefined ? 0 : numeric(value) !== undefined ? 1 : typeof value === 'string' ? 2 : 3);
  const byRank = rank(left) - rank(right);
  if (byRank !== 0) return byRank;
  const a = numeric(left);
  const b = numeric(right);
  if (a !== undefined && b !== undefined) return a - b;
  const x = typeof left === 'string' ? left : JSON.stringify(left ?? null);
  const y = typeof right === 'string' ? right : JSON.stringify(right ?? null);
  return x < y ? -1 : x > y ? 1 : 0;
}
