/**
 * Failures that say the database cannot be used right now, not that a request or Assay is wrong: retried later, they
 * succeed. The server answers them 503.4 with Retry-After (never 500.1), the worker tries its job again later without
 * counting an attempt.
 */

/** SQLite: another connection holds a lock past the busy timeout (a backup, a `sqlite3` shell, a migration, a VACUUM). */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED)(_|$)/;

/**
 * PostgreSQL's SQLSTATEs for a server that refuses or drops the connection, or cannot take writes now: class 08
 * (connection exception), 53300 too_many_connections, 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now, 25006 read_only_sql_transaction (a standby after a failover, default_transaction_read_only).
 */
const PG_CODES = /^(08\d{3}|53300|57P0[123]|25006)$/;

/** What the operating system or node-postgres says when the server is not there or went away. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

const codeOf = (error: object): unknown => (error as { code?: unknown }).code;

/** True when `error` (or what it wraps) says the database is unavailable for now. */
export const isDatabaseUnavailable = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const code = codeOf(error);
  if (typeof code === 'string' && (SQLITE_CODES.test(code) || PG_CODES.test(code) || NETWORK_CODES.has(code))) return true;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && PG_CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // A refused connection to a name with several addresses (IPv4 and IPv6): an AggregateError of each refusal.
  const { errors, cause } = error as { errors?: unknown; cause?: unknown };
  if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
};
