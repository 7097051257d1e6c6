import BetterSqlite3 from 'better-sqlite3';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export interface SqliteBackup {
  /** Bytes of the copy. */
  readonly bytes: number;
  /** How long the copy took, in ms. */
  readonly ms: number;
}

/**
 * A consistent copy of a live SQLite database, taken while servers keep writing (decision 860): `VACUUM INTO` reads
 * the whole database in one read transaction — a snapshot that WAL mode lets writers go on beside, which an online
 * backup API copy would restart at each of their commits — and writes it compacted, the WAL folded in, as one file.
 * The copy is checked (`quick_check`) before it is called done. Never overwrites: `to` must not exist.
 */
export const backupSqlite = (databasePath: string, to: string): SqliteBackup => {
  if (existsSync(to)) throw new Error(`${to} already exists: choose a new file for the backup`);
  mkdirSync(dirname(to), { recursive: true });
  const startedAt = performance.now();
  const source = new BetterSqlite3(databasePath, { fileMustExist: true, timeout: 5_000 });
  try {
    source.prepare('vacuum into ?').run(to);
  } finally {
    source.close();
  }
  const copy = new BetterSqlite3(to, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy at ${to} failed its check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return { bytes: statSync(to).size, ms: Math.round(performance.now() - startedAt) };
};
