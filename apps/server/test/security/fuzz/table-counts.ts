import { expect } from 'vitest';
import type { Store } from '@assay/store';
import { expectFailure } from '../../helpers/expectations.js';
import type { Backend, Harness } from '../../helpers/test-app.js';

/**
 * Tables a refusal is meant to write to: failed credentials are counted per client address (that is how
 * guessing gets throttled). Every other table, including any added later, must not change on a refusal.
 */
export const BOOKKEEPING_TABLES = new Set(['rate_limit_counters']);

export type TableCounts = Record<string, number>;

/** Counts the rows of every table of the store's database (its own schema on PostgreSQL) in one query. */
export const tableCounter = async (store: Store, backend: Backend): Promise<{ tables: string[]; count: () => Promise<TableCounts> }> => {
  const db = store.db;
  let tables = await db.introspection.getTables();
  if (backend === 'postgres') {
    // Other suites' scratch schemas live in the same database; only the one on our search path is ours.
    const { schema } = await db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('schema')).executeTakeFirstOrThrow();
    tables = tables.filter((table) => table.schema === schema);
  }
  const names = tables
    .map((table) => table.name)
    .filter((name) => !BOOKKEEPING_TABLES.has(name))
    .sort();
  if (names.length < 10) throw new Error(`expected the store's tables, found only ${names.join(', ')}`);

  const count = async (): Promise<TableCounts> => {
    // The table names come from the database itself; the query builder is typed for known tables only.
    const one = (name: string) =>
      db.selectFrom(name as 'tests').select((eb) => [eb.cast<string>(eb.val(name), 'text').as('table'), eb.fn.countAll<number | string>().as('rows')]);
    let query = one(names[0]!);
    for (const name of names.slice(1)) query = query.unionAll(one(name));
    const rows = await query.execute();
    return Object.fromEntries(rows.map((row) => [row.table, Number(row.rows)]));
  };
  return { tables: names, count };
};

/** "table: before → after" for every table whose count moved. */
export const countChanges = (before: TableCounts, after: TableCounts): string[] =>
  Object.keys({ ...before, ...after })
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);

/**
 * A check for refusals: sends the request, expects the failure `code` (the envelope), and that no table changed.
 * Answers the failure.
 */
export const refusalChecker = async (h: Harness) => {
  const { count } = await tableCounter(h.store, h.backend);
  return async (send: () => ReturnType<Harness['request']>, code: string) => {
    const before = await count();
    const failure = expectFailure(await send(), code);
    expect(countChanges(before, await count())).toEqual([]);
    return failure;
  };
};
