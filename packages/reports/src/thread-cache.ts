/**
 * A render thread's memory of a pure computation: reports of one test repeat their texts (question stems, options,
 * labels), so what a render worked out is kept for the next one. Bounded: started over when full.
 */
export class ThreadCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value kept for `key`, or `make()`'s, kept from now on. */
  get(key: K, make: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = make();
      if (this.entries.size >= this.limit) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }
}

/**
 * One ThreadCache per owner object (a font file, a style), so a lookup hashes only the text: a key joined from the
 * owner's name and the text was a new string to build and hash on every call.
 */
export class ThreadCaches<O, K, V> {
  private readonly caches = new Map<O, ThreadCache<K, V>>();

  constructor(private readonly limitEach: number) {}

  of(owner: O): ThreadCache<K, V> {
    let cache = this.caches.get(owner);
    if (!cache) {
      cache = new ThreadCache(this.limitEach);
      this.caches.set(owner, cache);
    }
    return cache;
  }
}
