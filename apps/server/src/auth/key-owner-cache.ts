import { LRUCache } from 'lru-cache';
import type { KeyOwner } from '@assay/store';

/** A key seen recently: its owner, or `null` when no active key has that value. */
type Known = KeyOwner | null;

/**
 * Keeps API-key checks off the database and off SHA-256 on the hot path: entries are keyed by the key as
 * sent, so a key seen recently costs one map lookup. Unknown keys are remembered too (`null`), so a flood
 * of one wrong key does not become a flood of lookups. Entries live briefly (ASSAY_KEY_CACHE_TTL_MS), so a
 * key revoked through another instance stops working within that time; this instance forgets it at once.
 * A key that is issued is never in the cache as unknown for long: keys are random, and issuing one on this
 * instance drops every unknown entry.
 */
export class KeyOwnerCache {
  /** Made at the first key seen: lru-cache allocates all its slots up front, which a start need not pay for. */
  private cache: LRUCache<string, { known: Known }> | undefined;

  constructor(private readonly ttlMs: number) {}

  /** The owner, `null` for a key known not to exist, undefined when the key was not seen recently. */
  get(apiKey: string): Known | undefined {
    return this.cache?.get(apiKey)?.known;
  }

  set(apiKey: string, known: Known): void {
    if (this.ttlMs <= 0) return;
    this.cache ??= new LRUCache({ max: 10_000, ttl: this.ttlMs });
    this.cache.set(apiKey, { known });
  }

  /** Revoked keys stop working here at once; new keys are no longer answered as unknown. */
  forget(keyHashes: readonly string[]): void {
    if (!this.cache) return;
    const revoked = new Set(keyHashes);
    for (const [apiKey, { known }] of this.cache.entries()) {
      if (known === null || revoked.has(known.keyHash)) this.cache.delete(apiKey);
    }
  }
}
