import { diffArrays } from 'diff';
import type { JsonValue } from '@assay/domain/schemas';

/**
 * A failing SQL sample's rows against the expected ones (decision 1102). Pure. Rows are matched as the rows rule
 * reads them, closely enough to point at the difference: numbers by value (to 9 significant digits, a boolean as 1 or
 * 0), text exactly, NULL with NULL; as a multiset unless the question asks for an order. The verdict stays the server's.
 */

/** What a query answered, or a sample expects: column names and rows of scalars. */
export interface QueryRows {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly JsonValue[])[];
}

/** Which rows differ: per expected row whether the query's answer lacks it, per answered row whether it is not expected. */
export interface RowsDifference {
  /** The columns in words when they differ (their number, or their names when the question checks them); else null. */
  readonly columns: string | null;
  readonly missing: readonly boolean[];
  readonly extra: readonly boolean[];
}

/** `{ columns, rows }` when `value` has that shape (an SQL sample's expected value, an SQL run's actual one); else null. */
export function queryRowsOf(value: JsonValue | undefined): QueryRows | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { columns, rows } = value;
  if (!Array.isArray(columns) || !Array.isArray(rows)) return null;
  if (!columns.every((column) => typeof column === 'string') || !rows.every((row) => Array.isArray(row))) return null;
  return { columns: columns as string[], rows: rows as JsonValue[][] };
}

/** How a cell is shown: NULL, text as it is, anything else as JSON. */
export const cellText = (value: JsonValue | undefined): string =>
  value === null || value === undefined ? 'NULL' : typeof value === 'string' ? value : JSON.stringify(value);

const cellKey = (value: JsonValue | undefined): string => {
  if (typeof value === 'boolean') return `n:${value ? 1 : 0}`;
  if (typeof value === 'number') return `n:${Number(value.toPrecision(9))}`;
  if (typeof value === 'string') return `s:${value}`;
  return value === null || value === undefined ? 'null' : `j:${JSON.stringify(value)}`;
};

const rowKey = (row: readonly JsonValue[]): string => JSON.stringify(row.map(cellKey));

const names = (columns: readonly string[]): string => (columns.length === 0 ? 'none' : columns.join(', '));

function columnsSentence(expected: readonly string[], actual: readonly string[], checkNames: boolean): string | null {
  if (expected.length !== actual.length)
    return `Expected ${expected.length} columns (${names(expected)}); your query returned ${actual.length} (${names(actual)}).`;
  if (checkNames && expected.some((name, index) => name.toLowerCase() !== actual[index]?.toLowerCase())) {
    return `Expected the columns ${names(expected)}; your query named them ${names(actual)}.`;
  }
  return null;
}

export function rowsDifference(expected: QueryRows, actual: QueryRows, rule: { ordered: boolean; checkColumnNames: boolean }): RowsDifference {
  const columns = columnsSentence(expected.columns, actual.columns, rule.checkColumnNames);
  const wanted = expected.rows.map(rowKey);
  const got = actual.rows.map(rowKey);
  const missing = wanted.map(() => false);
  const extra = got.map(() => false);
  if (rule.ordered) {
    let [left, right] = [0, 0];
    for (const change of diffArrays(wanted, got)) {
      for (let index = 0; index < change.count; index += 1) {
        if (change.removed) missing[left++] = true;
        else if (change.added) extra[right++] = true;
        else [left, right] = [left + 1, right + 1];
      }
    }
    return { columns, missing, extra };
  }
  // A multiset: each answered row takes the first expected row like it that no other row took.
  const unmatched = new Map<string, number[]>();
  wanted.forEach((key, index) => unmatched.set(key, [...(unmatched.get(key) ?? []), index]));
  got.forEach((key, index) => {
    const taken = unmatched.get(key)?.shift();
    if (taken === undefined) extra[index] = true;
  });
  for (const left of unmatched.values()) for (const index of left) missing[index] = true;
  return { columns, missing, extra };
}

/** The difference in words, for the summary a screen reader hears before the tables; null when there is none to show. */
export function rowsSentence(difference: RowsDifference): string | null {
  const missing = difference.missing.filter(Boolean).length;
  const extra = difference.extra.filter(Boolean).length;
  const parts = [
    difference.columns,
    missing > 0 ? `${missing === 1 ? '1 expected row is' : `${missing} expected rows are`} missing.` : null,
    extra > 0 ? `${extra === 1 ? '1 row is' : `${extra} rows are`} not expected.` : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : parts.join(' ');
}
