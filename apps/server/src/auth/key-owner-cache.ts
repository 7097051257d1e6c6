import { LRUCache } from 'lru-cache';
import type { KeyOwner } from '@assay/store';

/**
 * Keeps API-key lookups off the database on the hot path. Entries live briefly (ASSAY_KEY_CACHE_TTL_MS) so a
 * key revoked through another instance stops working within that time; this instance forgets it at once.
 */
export class KeyOwnerCache {
  private readonly cache: LRUCache<string, KeyOwner> | undefined;

  constructor(ttlMs: number) {
    this.cache = ttlMs > 0 ? new LRUCache({ max: 10_000, ttl: ttlMs }) : undefined;
  }

  get(keyHash: string): KeyOwner | undefined {
    return this.cache?.get(keyHash);
  }

  set(owner: KeyOwner): void {
    this.cache?.set(owner.keyHash, owner);
  }

  forget(keyHashes: readonly string[]): void {
    for (const keyHash of keyHashes) this.cache?.delete(keyHash);
  }
}
