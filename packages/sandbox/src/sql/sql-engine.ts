import type { CodePosition } from '../protocol.js';
import type { SqlRows, SqlRunRequest } from '../run-request.js';

/**
 * How long the question's own schema and seed may take in one case (decision 1084): apart from the candidate's time,
 * and generous, since a loaded host slows PostgreSQL's DDL by itself; it only stops a setup that never ends.
 */
export const SQL_SETUP_MS = 30_000;

/** The limits of one SQL run, from the sandbox's limits. */
export interface SqlLimits {
  /** Time of one case's query (the candidate's statement; the schema and seed are bounded by SQL_SETUP_MS), ms. */
  readonly msPerCase: number;
  /** Time of all the run's queries together, ms; absent: msPerCase for each case. A database engine's start never counts. */
  readonly wallClockMs?: number;
  /** Stop after this many cases exceeded their time: the rest are not run (they answer `time`, judged "not run"). */
  readonly stopAfterTimeouts?: number;
  /** Memory of the database engine, bytes. */
  readonly memoryBytes: number;
  /** Largest result (rows as JSON), bytes. */
  readonly maxOutputBytes: number;
}

/** How one case's query ended. `rows`: what it returned (values as JSON scalars: numbers, strings, booleans, null). */
export type SqlCaseOutcome =
  | { readonly kind: 'rows'; readonly rows: SqlRows }
  | { readonly kind: 'error'; readonly message: string; readonly position?: CodePosition }
  | { readonly kind: 'time' }
  | { readonly kind: 'memory' }
  | { readonly kind: 'output' };

/**
 * One SQL dialect in WebAssembly (SQLite: sql.js or SQLite's wasm build; PostgreSQL: PGlite). Every case runs on a
 * pristine database (schema, then the case's seed, then the candidate's single statement); nothing of one run is
 * seen by the next. Never throws for what the query does.
 */
export interface SqlEngine {
  readonly dialect: SqlRunRequest['language'];
  execute(request: SqlRunRequest, limits: SqlLimits, signal: AbortSignal): Promise<SqlCaseOutcome[]>;
  /** Prepares the engine ahead of the first run (loads the wasm). */
  warm?(): Promise<void>;
  close(): Promise<void>;
}
