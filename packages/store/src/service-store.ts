import BetterSqlite3 from 'better-sqlite3';
import { isDatabaseUnavailable } from './engine/database-unavailable.js';
import { NewerSchemaError } from './schema-version.js';
import { openStore, type OpenStoreOptions, type Store } from './store.js';

/** A start-up failure of the database, worded for the operator: which setting, which file or server, and why. */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

/** The database a URL names, as a start-up message may show it: a SQLite file's path, a PostgreSQL URL without its password. */
export const describeDatabase = (databaseUrl: string): string =>
  databaseUrl.startsWith('sqlite:') ? `the SQLite file ${databaseUrl.slice('sqlite:'.length)}` : `PostgreSQL at ${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}`;

const reasonOf = (error: unknown): string => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
};

/**
 * The store of a server or worker process, opened at start: a failure names the setting and the database (decision
 * 862), and a SQLite file this process may read but not write is refused now — SQLite opens such a file read-only
 * without a word, and every write would then answer 500.1. A database a newer Assay migrated stays a
 * `NewerSchemaError`, whose message says what to run.
 */
export const openServiceStore = async (databaseUrl: string, setting: string, options: OpenStoreOptions = {}): Promise<Store> => {
  const where = describeDatabase(databaseUrl);
  let store: Store;
  try {
    store = await openStore(databaseUrl, options);
  } catch (error) {
    if (error instanceof NewerSchemaError) throw error;
    throw new DatabaseStartError(`cannot open ${where} (${setting}): ${reasonOf(error)}`, { cause: error });
  }
  try {
    // Undefined, or why not now (a lock another process holds): an outage to wait out, not a start-up fault.
    await store.writesUnavailable();
    if (databaseUrl.startsWith('sqlite:')) probeSqliteWrite(databaseUrl.slice('sqlite:'.length));
  } catch (error) {
    if (isDatabaseUnavailable(error)) return store;
    await store.close().catch(() => {});
    throw new DatabaseStartError(
      `cannot write ${where} (${setting}): ${reasonOf(error)}. Make the file, its -wal and -shm files and their folder writable by this process, or point ${setting} elsewhere.`,
      { cause: error },
    );
  }
  return store;
};

/**
 * A write that is rolled back, on a connection of its own: SQLite opens a file it may not write read-only without a
 * word, and even takes `begin immediate` on it when its -wal file is writable; only a write says so.
 */
const probeSqliteWrite = (path: string): void => {
  if (path === ':memory:') return;
  const probe = new BetterSqlite3(path, { timeout: 100, fileMustExist: true });
  try {
    probe.exec('begin immediate');
    try {
      probe.exec('create table assay_write_probe (x)');
    } finally {
      probe.exec('rollback');
    }
  } finally {
    probe.close();
  }
};
