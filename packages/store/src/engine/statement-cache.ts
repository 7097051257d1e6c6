import type BetterSqlite3 from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

/**
 * Each SQL text is prepared once and reused, not once per query as Kysely's SQLite driver does (README "Statement
 * caches"). Safe because better-sqlite3 runs a statement to completion before returning, except a streamed iteration,
 * and a stream never shares a statement that is still iterating (`sqlite-group-commit.ts`).
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
