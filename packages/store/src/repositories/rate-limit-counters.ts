import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** A key's fixed window after a hit: hits counted in it so far, and when it ends (epoch ms). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/** Fixed-window hit counters for rate limits, one window per key. */
export interface RateLimitCounters {
  /** Adds `hits` to the key's current window (a new window when none is running) and answers the total. */
  hit(key: string, hits: number, windowMs: number, now: number): Promise<WindowCount>;
  /** Forgets windows that ended; answers how many. */
  deleteExpired(now: number): Promise<number>;
  /** `hit` without waiting, offered by counters that live in this process: a limit checked on every request costs no promise. */
  hitAtOnce?(key: string, hits: number, windowMs: number, now: number): WindowCount;
}

/**
 * Counters in the database, so every server instance on one PostgreSQL counts together: one upsert per hit,
 * atomic under concurrency (the conflicting row is locked, and both CASEs read its old values).
 */
export class SqlRateLimitCounters implements RateLimitCounters {
  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, hits: number, windowMs: number, now: number): Promise<WindowCount> {
    const row = await this.db
      .insertInto('rate_limit_counters')
      .values({ key, count: hits, reset_at: now + windowMs })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => {
          const ended = eb('rate_limit_counters.reset_at', '<=', now);
          return {
            count: eb
              .case()
              .when(ended)
              .then(hits)
              .else(eb('rate_limit_counters.count', '+', hits))
              .end(),
            reset_at: eb
              .case()
              .when(ended)
              .then(now + windowMs)
              .else(eb.ref('rate_limit_counters.reset_at'))
              .end(),
          };
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetAt: Number(row.reset_at) };
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.db.deleteFrom('rate_limit_counters').where('reset_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** Most keys a process remembers; past it the oldest window is dropped (that key starts afresh, never locked out). */
const MEMORY_CAPACITY = 100_000;

/**
 * Counters in process memory, for the single-instance SQLite setup: a write per request would compete with
 * the application's own writes for SQLite's one writer.
 */
export class MemoryRateLimitCounters implements RateLimitCounters {
  private readonly windows = new Map<string, WindowCount>();

  async hit(key: string, hits: number, windowMs: number, now: number): Promise<WindowCount> {
    return this.hitAtOnce(key, hits, windowMs, now);
  }

  hitAtOnce(key: string, hits: number, windowMs: number, now: number): WindowCount {
    const current = this.windows.get(key);
    if (current && current.resetAt > now) {
      current.count += hits;
      return { ...current };
    }
    this.windows.delete(key);
    if (this.windows.size >= MEMORY_CAPACITY) {
      this.forgetEnded(now);
      if (this.windows.size >= MEMORY_CAPACITY) this.windows.delete(this.windows.keys().next().value!);
    }
    const fresh = { count: hits, resetAt: now + windowMs };
    this.windows.set(key, fresh);
    return { ...fresh };
  }

  async deleteExpired(now: number): Promise<number> {
    return this.forgetEnded(now);
  }

  private forgetEnded(now: number): number {
    let deleted = 0;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) {
        this.windows.delete(key);
        deleted += 1;
      }
    }
    return deleted;
  }
}
