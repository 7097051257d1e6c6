import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery, QueryResult } from 'kysely';
import type { StepResult } from './transaction-steps.js';

/** A statement on a connection, answered as Kysely's drivers answer. */
export const execute = <R>(database: BetterSqlite3.Database, { sql, parameters }: CompiledQuery): QueryResult<R> => {
  const statement = database.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
};

/** A statement of an at-once transaction (`transaction-steps.ts`): no BigInt made for what it does not use. */
export const step = (database: BetterSqlite3.Database, { sql, parameters }: CompiledQuery): StepResult => {
  const statement = database.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters), changes: 0, lastInsertId: undefined };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { rows: [], changes, lastInsertId: Number(lastInsertRowid) };
};
