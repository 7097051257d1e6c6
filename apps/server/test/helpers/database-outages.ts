/** Outages a test causes: another process locking a SQLite file, a PostgreSQL whose connections are cut. */
export { startPgProxy } from '../../../../packages/store/test/pg-proxy.js';
export { holdSqliteLock } from '../../../../packages/store/test/sqlite-lock-holder.js';
