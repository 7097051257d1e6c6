import type BetterSqlite3 from 'better-sqlite3';
import { isDatabaseUnavailable } from './database-unavailable.js';

/** How long the writer waits for the lock while another process is known to hold it, and for `/readyz`'s probe. */
export const SHORT_BUSY_WAIT_MS = 100;

/**
 * Opens the writer's transactions (`begin immediate`) when another process may hold the database's lock (a backup, a
 * shell, a migration). Once the lock was found held past the busy timeout, the writer waits SHORT_BUSY_WAIT_MS at most
 * until a transaction gets the lock again, so the synchronous wait does not block the event loop for every group of
 * writes (README "A writer another process holds up", decision 206).
 */
export class BusyWriter {
  /** The lock was found held, and no transaction began since. */
  #held = false;

  constructor(
    private readonly writer: BetterSqlite3.Database,
    private readonly busyTimeoutMs: number,
  ) {}

  /** `begin immediate` on the writer; throws SQLITE_BUSY when another process holds the lock. */
  begin(): void {
    try {
      this.writer.prepare('begin immediate').run();
    } catch (error) {
      if (!this.#held && isDatabaseUnavailable(error)) {
        this.#held = true;
        this.#waitAtMost(SHORT_BUSY_WAIT_MS);
      }
      throw error;
    }
    if (this.#held) {
      this.#held = false;
      this.#waitAtMost(this.busyTimeoutMs);
    }
  }

  /** Whether the writer could take the lock now (`/readyz`), waiting SHORT_BUSY_WAIT_MS at most; no group may be open. */
  probe(): void {
    this.#waitAtMost(SHORT_BUSY_WAIT_MS);
    try {
      this.begin();
      this.writer.prepare('rollback').run();
    } finally {
      this.#waitAtMost(this.#held ? SHORT_BUSY_WAIT_MS : this.busyTimeoutMs);
    }
  }

  /** `work` with no wait for a lock: what is held answers "busy" at once instead of blocking the event loop. */
  withoutWaiting<T>(work: () => T): T {
    this.#waitAtMost(0);
    try {
      return work();
    } finally {
      this.#waitAtMost(this.#held ? SHORT_BUSY_WAIT_MS : this.busyTimeoutMs);
    }
  }

  #waitAtMost(ms: number): void {
    this.writer.pragma(`busy_timeout = ${ms}`);
  }
}
