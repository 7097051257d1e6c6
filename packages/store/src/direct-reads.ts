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
    return statement.all(parameters as unknown[]);
  });
};

export const directReadOf = (db: object): DirectRead | undefined => directReads.get(db);
