import { sqlDialectProfile } from './sql-dialect.js';

export { SQL_STUB } from './sql-dialect.js';

/** SQLite, run by sql.js (WebAssembly) on a fresh in-memory database per case. */
export const sqliteProfile = sqlDialectProfile('sqlite', 'SQL (SQLite)');
