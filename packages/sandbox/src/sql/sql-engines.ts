import type { SqlRunRequest } from '../run-request.js';
import type { SqlEngine } from './sql-engine.js';
import { WorkerSqlEngine } from './worker-sql-engine.js';

/** The engine of a dialect: SQLite (sql.js) or PostgreSQL (PGlite), each on its own worker thread (decisions 740, 742). */
export function createSqlEngine(dialect: SqlRunRequest['language']): SqlEngine {
  return new WorkerSqlEngine(dialect);
}
