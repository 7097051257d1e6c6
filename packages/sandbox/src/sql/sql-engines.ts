import type { SqlRunRequest } from '../run-request.js';
import type { SqlEngine } from './sql-engine.js';

/** The engine of a dialect (placeholder: the SQL work of issue 49 provides SQLite and PGlite). */
export function createSqlEngine(dialect: SqlRunRequest['language']): SqlEngine {
  return {
    dialect,
    execute: async (request) => request.cases.map(() => ({ kind: 'error', message: `${dialect} is not available yet` })),
    close: async () => {},
  };
}
