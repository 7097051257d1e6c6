import { sqlDialectProfile } from './sql-dialect.js';

/** PostgreSQL, run by PGlite (WebAssembly), each case in a transaction that is rolled back. */
export const postgresqlProfile = sqlDialectProfile('postgresql', 'SQL (PostgreSQL)');
