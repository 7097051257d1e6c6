import type { CodePosition } from '../protocol.js';
import type { SqlRows, SqlRunRequest } from '../run-request.js';

/** The limits of one SQL run, from the sandbox's limits. */
export interface SqlLimits {
  /** Time of one case (schema + seed + the query), ms. */
  readonly msPerCase: number;
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
