import type BetterSqlite3 from 'better-sqlite3';
import { isDatabaseUnavailable } from './database-unavailable.js';

/** How long the writer waits for the lock while another process is known to hold it, and for `/readyz`'s probe. */
export const SHORT_BUSY_WAIT_MS = 100;

/**
 * Opens the writer's transactions (`begin immediate`) when another process may hold the database's lock: a backup, a
 * `sqlite3` shell in `BEGIN EXCLUSIVE`, a migration. Waiting for it blocks the event loop (better-sqlite3 is
 * synchronous), reads and /healthz included: up to the busy timeout for every group of writes. So once the lock was
 * found held past the busy timeout, the writer waits SHORT_BUSY_WAIT_MS at most (its writes answer 503.4 at once,
 * nearly), until a transaction gets the lock: the full busy timeout is back for the short waits of ordinary contention
 * (a worker process's transaction).
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

  #waitAtMost(ms: number): void {
    this.writer.pragma(`busy_timeout = ${ms}`);
  }
}
