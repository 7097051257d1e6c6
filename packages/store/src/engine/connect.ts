import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import type Pg from 'pg';
import type { Database } from '../database.js';
import { checkpointInBackground } from './background-checkpoints.js';
import { GroupCommitSqliteDialect } from './group-commit-dialect.js';
import { SqliteLiteralLimits } from './sqlite-literal-limits.js';
import { readDirectlyOn } from './direct-reads.js';
import { transactAtOnceOn } from './transaction-steps.js';
import { readTurnsOn } from './read-turns.js';
import { nameRepeatedStatements } from './pg-named-statements.js';
import { SharedReadsPostgresDialect } from './pg-shared-reads.js';
import { reusePreparedStatements } from './statement-cache.js';
import { type InstanceLiveness, processLocalLiveness } from './instance-liveness.js';
import { lockFileLiveness } from './sqlite-liveness.js';
import { advisoryLockLiveness } from './pg-liveness.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Connection {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** The PostgreSQL schema holding Assay's tables, when not the default search path. */
  readonly schema?: string;
  /**
   * Gives back what a quiet server no longer needs: SQLite's page caches (up to 16 MB a connection; the pages come
   * back from the operating system's file cache when next read) and an idle checkpoint thread. Nothing on PostgreSQL,
   * whose caches live in its server.
   */
  readonly releaseMemory?: () => void;
  /** This process's proof of life, and the question whether another process still lives (`instance-liveness.ts`). */
  readonly liveness: InstanceLiveness;
  /**
   * Why the database takes no writes now, or undefined when it does (`/readyz`): a moment's try, never a wait for the
   * busy timeout. Failures other than the database's unavailability are thrown.
   */
  writesUnavailable(): Promise<string | undefined>;
  /**
   * SQLite: empties the WAL into the database file (after an erasure, decision 844); absent on PostgreSQL. False when a
   * reader kept it from emptying for twice the busy timeout (10 s by default): it is then emptied in the background as
   * soon as the reader lets go (decision 1005).
   */
  readonly truncateLog?: () => Promise<boolean>;
}

export interface ConnectOptions {
  /** PostgreSQL schema to use (created if missing); lets test suites share one database. */
  readonly pgSchema?: string;
  readonly pgPoolSize?: number;
  /**
   * How long a statement waits for the database before it fails as unavailable (`database-unavailable.ts`): for a lock
   * another process holds on SQLite (busy_timeout), for a connection on PostgreSQL. 5 s unless given.
   */
  readonly busyTimeoutMs?: number;
}

export const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

/**
 * The PostgreSQL driver, loaded when a PostgreSQL URL is opened: the embedded default (SQLite) starts without
 * it. int8 ids, counts and epoch-ms instants are well inside 2^53, so they come back as numbers.
 */
let pgModule: typeof Pg | undefined;
const loadPg = (): typeof Pg => {
  if (pgModule) return pgModule;
  const pg = createRequire(import.meta.url)('pg') as typeof Pg;
  pg.types.setTypeParser(pg.types.builtins.INT8, (text) => Number(text));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (text) => Number(text));
  pgModule = pg;
  return pg;
};

/** `sqlite:PATH` (`sqlite::memory:` too) or `postgres://…` / `postgresql://…`. */
export const connect = (databaseUrl: string, options: ConnectOptions = {}): Connection => {
  if (databaseUrl.startsWith('sqlite:')) return connectSqlite(databaseUrl.slice('sqlite:'.length), options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS);
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return connectPostgres(databaseUrl, options);
  throw new Error(`unsupported database URL "${databaseUrl}": use sqlite:PATH or postgres://…`);
};

const connectSqlite = (path: string, busyTimeoutMs: number): Connection => {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const writer = new BetterSqlite3(path);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = NORMAL');
  writer.pragma('foreign_keys = ON');
  writer.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // 16 MB of pages (the default is 2 MB): the random-keyed indexes (tokens, emails) outgrow 2 MB early.
  writer.pragma('cache_size = -16000');
  // Savepoints' sub-journals in memory, not allocated and freed on file each time (README "SQLite connections", decision 182).
  writer.pragma('temp_store = MEMORY');
  // Freed rows and pages are overwritten with zeros, so an erased candidate's bytes do not linger in the file (decision 844).
  writer.pragma('secure_delete = ON');
  // An in-memory database is private to its connection: it reads through the writer.
  const reader = path === ':memory:' ? writer : new BetterSqlite3(path);
  if (reader !== writer) {
    reader.pragma(`busy_timeout = ${busyTimeoutMs}`);
    reader.pragma('cache_size = -16000');
    reader.pragma('query_only = ON');
    reader.pragma('temp_store = MEMORY');
  }
  const checkpointer = path === ':memory:' ? undefined : checkpointInBackground(path, writer);
  // An in-memory database has no reader of its own: its reads wait for the writer like every statement.
  const turns = reader === writer ? undefined : readTurnsOn(reusePreparedStatements(reader));
  const dialect = new GroupCommitSqliteDialect(reusePreparedStatements(writer), reader, busyTimeoutMs, {
    committed: () => {
      turns?.end();
      checkpointer?.committed();
    },
    close: async () => {
      turns?.end();
      await checkpointer?.close();
    },
  });
  const db = new Kysely<Database>({ dialect, plugins: [new SqliteLiteralLimits()] });
  if (turns) readDirectlyOn(db, reader, turns);
  const { driver } = dialect;
  if (driver) transactAtOnceOn(db, (work) => driver.transactAtOnce(work));
  return {
    db,
    dialect: 'sqlite',
    liveness: path === ':memory:' ? processLocalLiveness() : lockFileLiveness(path),
    writesUnavailable: async () => {
      try {
        await driver?.probeWrites();
        return undefined;
      } catch (error) {
        if (isDatabaseUnavailable(error)) return 'another process holds its write lock (a backup, a sqlite3 shell, a migration)';
        throw error;
      }
    },
    // Twice the busy timeout (10 s by default): a background checkpoint takes milliseconds, a reader's snapshot longer.
    truncateLog: async () => (driver ? driver.truncateWal(2 * busyTimeoutMs) : true),
    releaseMemory: () => {
      shrinkCaches([writer, reader]);
      checkpointer?.release();
    },
  };
};

/** `PRAGMA shrink_memory` on each connection; one streaming an export just now is busy and keeps its cache. */
const shrinkCaches = (connections: BetterSqlite3.Database[]): void => {
  for (const connection of new Set(connections)) {
    if (!connection.open) continue;
    try {
      connection.pragma('shrink_memory');
    } catch {
      // "This database connection is busy executing a query": an export's rows are being read; next time.
    }
  }
};

const connectPostgres = (url: string, options: ConnectOptions): Connection => {
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    // Without it a statement waits forever for a server that does not answer (or a pool that never frees a connection).
    connectionTimeoutMillis: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  // An idle connection whose server process ends (the database restarted, failed over, or an administrator ended
  // it) is dropped by the pool, which opens another when one is needed; unheard, the pool's 'error' crashed the process.
  pool.on('error', () => {});
  // A connection lost while it is checked out (a query running as the database stops) emits 'error' on its client, which
  // pg-pool does not listen to while the client is out: unheard, it ended the process. The query fails by itself
  // (503.4, `database-unavailable.ts`), and pg-pool drops the broken client when it is given back.
  pool.on('connect', (client) => client.on('error', () => {}));
  nameRepeatedStatements(pool);
  const db = new Kysely<Database>({ dialect: new SharedReadsPostgresDialect({ pool }) });
  const connectionTimeoutMillis = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  return {
    db,
    dialect: 'postgres',
    liveness: advisoryLockLiveness(
      (applicationName) => new pg.Client({ connectionString: url, connectionTimeoutMillis, application_name: applicationName }),
      () => db,
    ),
    writesUnavailable: () => postgresWritesUnavailable(db),
    ...(options.pgSchema ? { schema: options.pgSchema } : {}),
  };
};

/** A server that refuses connections, or a standby (read-only) where writes would fail. */
const postgresWritesUnavailable = async (db: Kysely<Database>): Promise<string | undefined> => {
  try {
    const { rows } = await sql<{ read_only: boolean }>`select pg_is_in_recovery() or current_setting('transaction_read_only') = 'on' as read_only`.execute(db);
    return rows[0]?.read_only ? 'it is read-only (a standby, or default_transaction_read_only is on)' : undefined;
  } catch (error) {
    if (isDatabaseUnavailable(error)) return 'it does not answer';
    throw error;
  }
};
