import type { SqlRows } from '../run-request.js';

/**
 * Whether a query's rows answer the expected ones (placeholder rule; the SQL work of issue 49 owns and documents
 * the real one: numbers, NULLs, booleans and text across dialects).
 */
export function sameRows(actual: SqlRows, expected: SqlRows, options: { ordered: boolean; checkColumnNames: boolean }): boolean {
  if (actual.columns.length !== expected.columns.length) return false;
  if (options.checkColumnNames && actual.columns.some((name, index) => name.toLowerCase() !== expected.columns[index]?.toLowerCase())) return false;
  const key = (row: unknown[]) => JSON.stringify(row);
  const left = actual.rows.map(key);
  const right = expected.rows.map(key);
  if (!options.ordered) {
    left.sort();
    right.sort();
  }
  return left.length === right.length && left.every((row, index) => row === right[index]);
}
