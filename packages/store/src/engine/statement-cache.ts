import type BetterSqlite3 from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

/**
 * Kysely's SQLite driver prepares a statement for every query, and preparing was the largest single cost
 * of a read under load (bench/README.md). Queries are built from a fixed set of shapes, so the same SQL
 * text comes back again and again: each is prepared once and reused. Reuse is safe because better-sqlite3
 * runs a statement to completion before returning, except a streamed iteration, and a stream never shares
 * a statement that is still iterating (`sqlite-group-commit.ts`).
 */
export const reusePreparedStatements = (database: BetterSqlite3.Database, max = 2000): BetterSqlite3.Database => {
  const statements = new LRUCache<string, BetterSqlite3.Statement>({ max });
  const prepare = database.prepare.bind(database);
  const cached = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  database.prepare = cached as typeof database.prepare;
  return database;
};
