import { LRUCache } from 'lru-cache';
import type { RateLimitCounters } from '@assay/store';

/** A hit as the limiter sees it: its place in the key's window, and the ms until that window ends. */
export interface Hit {
  count: number;
  ttlMs: number;
}

interface Waiter {
  resolve: (count: number, resetAt: number) => void;
  reject: (error: unknown) => void;
}

/**
 * Puts the shared counters behind two guards, so one abusive key cannot slow down anyone else:
 * - a key over its limit is answered from memory until its window ends (no database work at all);
 * - a key's concurrent hits are coalesced: at most one statement per key is in flight, later hits ride
 *   along in the next one (`count + n`), so a flood from one key holds at most one pooled connection.
 */
export class WindowCounter {
  /** Made at the first key over its limit: lru-cache allocates all its slots up front, which a start need not pay for. */
  private blockedUntil: LRUCache<string, number> | undefined;
  /** Present while a statement for the key is in flight; the hits queued behind it. */
  private readonly lanes = new Map<string, Waiter[]>();

  constructor(
    private readonly counters: RateLimitCounters,
    private readonly now: () => number,
  ) {}

  /** Counts a hit of `key` against `max` per `windowMs`; `count > max` means refused. */
  async take(key: string, max: number, windowMs: number): Promise<Hit> {
    const atOnce = this.takeAtOnce(key, max, windowMs);
    if (atOnce) return atOnce;
    const blocked = this.knownBlockedMs(key);
    if (blocked > 0) return { count: max + 1, ttlMs: blocked };
    return this.counted(key, max, await this.hit(key, windowMs));
  }

  /** `take` answered without waiting when the counters live in this process (SQLite); undefined when they are shared. */
  takeAtOnce(key: string, max: number, windowMs: number): Hit | undefined {
    if (!this.counters.hitAtOnce) return undefined;
    const blocked = this.knownBlockedMs(key);
    if (blocked > 0) return { count: max + 1, ttlMs: blocked };
    return this.counted(key, max, this.counters.hitAtOnce(key, 1, windowMs, this.now()));
  }

  /** A counted hit as the limiter sees it; a key over its limit is remembered until its window ends. */
  private counted(key: string, max: number, { count, resetAt }: { count: number; resetAt: number }): Hit {
    if (count > max) (this.blockedUntil ??= new LRUCache({ max: 50_000 })).set(key, resetAt);
    return { count, ttlMs: Math.max(0, resetAt - this.now()) };
  }

  private knownBlockedMs(key: string): number {
    const until = this.blockedUntil?.get(key);
    if (until === undefined) return 0;
    const left = until - this.now();
    if (left <= 0) this.blockedUntil?.delete(key);
    return Math.max(0, left);
  }

  private hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { resolve: (count, resetAt) => resolve({ count, resetAt }), reject };
      const queued = this.lanes.get(key);
      if (queued) {
        queued.push(waiter);
        return;
      }
      this.lanes.set(key, []);
      void this.send(key, [waiter], windowMs);
    });
  }

  private async send(key: string, waiters: Waiter[], windowMs: number): Promise<void> {
    try {
      const { count, resetAt } = await this.counters.hit(key, waiters.length, windowMs, this.now());
      // The batch took the last `waiters.length` places of the window, in arrival order.
      waiters.forEach((waiter, index) => waiter.resolve(count - waiters.length + 1 + index, resetAt));
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
    }
    const next = this.lanes.get(key) ?? [];
    if (next.length === 0) {
      this.lanes.delete(key);
      return;
    }
    this.lanes.set(key, []);
    void this.send(key, next, windowMs);
  }
}
