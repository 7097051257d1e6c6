import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery, QueryId } from 'kysely';
import type { ReadTurns } from './read-turns.js';

/** Answers a read at once from the embedded database, or `undefined` when it must take Kysely's path. */
export type DirectRead = (query: CompiledQuery) => unknown[] | undefined;

const directReads = new WeakMap<object, DirectRead>();

/**
 * A compiled read on SQLite, outside a transaction, runs straight on the reader connection, skipping Kysely's
 * promise chain (README "Compiled queries and direct reads", decision 157). Only the root database object gets this;
 * transactions (another object) and PostgreSQL keep Kysely's path, and so does a statement a stream is still
 * iterating. The reads of one turn share a read transaction (`read-turns.ts`).
 */
export const readDirectlyOn = (db: object, reader: BetterSqlite3.Database, turns: ReadTurns): void => {
  // Keyed by the compiled query, not by SQL text in the reader's statement LRU (decision 339).
  const statements = new WeakMap<QueryId, ReadStatement>();
  directReads.set(db, ({ sql, parameters, queryId }) => {
    let read = statements.get(queryId);
    if (!read) {
      const statement = reader.prepare(sql);
      read = { statement, names: statement.reader ? statement.columns().map((column) => column.name) : [] };
      statements.set(queryId, read);
    }
    const { statement } = read;
    if (!statement.reader || !statement.readonly || statement.busy) return undefined;
    turns.enter();
    return rowsOf(read, parameters as unknown[]);
  });
};

/** A reader's statement with its column names, read once. */
interface ReadStatement {
  statement: BetterSqlite3.Statement;
  names: readonly string[];
}

/**
 * The rows as objects keyed by column name, like `statement.all()` gives them, built here from its raw arrays (decision
 * 317). The statement is shared with Kysely's path, so it is put back to objects before anyone else runs it.
 */
const rowsOf = ({ statement, names }: ReadStatement, parameters: unknown[]): unknown[] => {
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
