import { LRUCache } from 'lru-cache';

/** How long a token's answer is kept: long enough to spare a running attempt a lookup per request. */
const KNOWN_FOR_MS = 60_000;

/**
 * Take-test tokens seen recently, and the invitation each opens (`null`: none), so the candidate API's token
 * check costs one map lookup on the hot path. Only the limits key on the answer: the request's own reads find the
 * token again, so an entry that went stale (a reset token) misroutes a count, never a write. Unknown tokens are
 * kept too, so a flood of one wrong token is not a flood of lookups; tokens are random, so none of them is issued
 * later.
 */
export class KnownTokens {
  /** Made at the first token looked up: lru-cache allocates all its slots up front, which a start need not pay for. */
  private cache: LRUCache<string, { invitationId: number | null }> | undefined;

  constructor(private readonly lookup: (token: string) => Promise<number | undefined>) {}

  /** The invitation, `null` for a token known to open none, undefined when the token was not seen recently. */
  cached(token: string): number | null | undefined {
    return this.cache?.get(token)?.invitationId;
  }

  async resolve(token: string): Promise<number | null> {
    const invitationId = (await this.lookup(token)) ?? null;
    this.cache ??= new LRUCache({ max: 20_000, ttl: KNOWN_FOR_MS });
    this.cache.set(token, { invitationId });
    return invitationId;
  }
}
