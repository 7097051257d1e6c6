import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { ReadTurns } from './read-turns.js';

/** Answers a read at once from the embedded database, or `undefined` when it must take Kysely's path. */
export type DirectRead = (query: CompiledQuery) => unknown[] | undefined;

const directReads = new WeakMap<object, DirectRead>();

/**
 * A compiled read on SQLite, outside a transaction, runs straight on the reader connection: Kysely's way there
 * (executor, connection provider, driver, several promises) cost twice what SQLite takes to answer a report by
 * its id (bench/README.md). Only the root database object gets this; transactions (another object) and
 * PostgreSQL keep Kysely's path. A statement a stream is still iterating is left to that path too. The reads of
 * one turn share a read transaction (`read-turns.ts`).
 */
export const readDirectlyOn = (db: object, reader: BetterSqlite3.Database, turns: ReadTurns): void => {
  directReads.set(db, ({ sql, parameters }) => {
    const statement = reader.prepare(sql);
    if (!statement.reader || !statement.readonly || statement.busy) return undefined;
    turns.enter();
    return rowsOf(statement, parameters as unknown[]);
  });
};

const columnNames = new WeakMap<BetterSqlite3.Statement, readonly string[]>();

/**
 * The rows as objects keyed by column name, like `statement.all()` gives them, built here from its raw arrays: the
 * native objects cost more than the read itself (a report by id: 5.8 µs as objects, 3.5 µs as arrays then objects).
 * The statement is shared with Kysely's path, so it is put back to objects before anyone else runs it.
 */
const rowsOf = (statement: BetterSqlite3.Statement, parameters: unknown[]): unknown[] => {
  let names = columnNames.get(statement);
  if (!names) {
    names = statement.columns().map((column) => column.name);
    columnNames.set(statement, names);
  }
  statement.raw(true);
  let rows: unknown[][];
  try {
    rows = statement.all(parameters) as unknown[][];
  } finally {
    statement.raw(false);
  }
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index++) row[names[index]!] = values[index];
    return row;
  });
};

export const directReadOf = (db: object): DirectRead | undefined => directReads.get(db);
