import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MemoryRateLimitCounters, SqlRateLimitCounters, openScratchStore, type IdempotencyClaim, type RateLimitCounters, type Store } from '../src/index.js';

const MINUTE = 60_000;

describe.each(['sqlite', 'postgres'] as const)('rate-limit counters and idempotency keys on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
  });
  afterAll(() => dispose());

  const counterKinds: [string, () => RateLimitCounters][] = [
    ['table', () => new SqlRateLimitCounters(store.db)],
    ['memory', () => new MemoryRateLimitCounters()],
  ];

  it('uses the shared table on PostgreSQL and process memory on SQLite', () => {
    expect(store.rateLimits).toBeInstanceOf(backend === 'postgres' ? SqlRateLimitCounters : MemoryRateLimitCounters);
  });

  describe.each(counterKinds)('%s counters', (kind, make) => {
    it('counts concurrent hits of one key exactly once each', async () => {
      const counters = make();
      const counts = await Promise.all(Array.from({ length: 40 }, () => counters.hit(`burst-${kind}`, 1, MINUTE, 1_000)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(new Set(counts.map((c) => c.resetAt))).toEqual(new Set([1_000 + MINUTE]));
    });

    it('adds several hits at once and starts a new window once the old one ended', async () => {
      const counters = make();
      expect(await counters.hit(`window-${kind}`, 3, MINUTE, 0)).toEqual({ count: 3, resetAt: MINUTE });
      expect(await counters.hit(`window-${kind}`, 2, MINUTE, MINUTE - 1)).toEqual({ count: 5, resetAt: MINUTE });
      expect(await counters.hit(`window-${kind}`, 1, MINUTE, MINUTE)).toEqual({ count: 1, resetAt: 2 * MINUTE });
    });

    it('keeps keys apart and sweeps ended windows', async () => {
      const counters = make();
      await counters.hit(`a-${kind}`, 1, 10, 5_000_000);
      await counters.hit(`b-${kind}`, 1, MINUTE, 5_000_000);
      expect((await counters.hit(`b-${kind}`, 1, MINUTE, 5_000_001)).count).toBe(2);
      expect(await counters.deleteExpired(5_000_010)).toBeGreaterThanOrEqual(1);
      expect((await counters.hit(`b-${kind}`, 1, MINUTE, 5_000_011)).count).toBe(3);
    });
  });

  const claimOf = (key: string, owner: string, fingerprint = 'fp'): IdempotencyClaim => ({ scope: 'org:1', key, fingerprint, owner });

  it('lets exactly one of many concurrent first requests claim a key', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.idempotencyKeys.claim(claimOf('race', `owner-${i}`), 1_000, MINUTE, 24 * 60 * MINUTE)),
    );
    expect(outcomes.filter((outcome) => outcome.claimed)).toHaveLength(1);
    const losers = outcomes.filter((outcome) => !outcome.claimed);
    expect(losers.every((outcome) => !outcome.claimed && outcome.stored?.response === null)).toBe(true);
  });

  it('keeps the response of the owner only, and answers it to later claims', async () => {
    const owner = claimOf('kept', 'me');
    expect(await store.idempotencyKeys.claim(owner, 0, MINUTE, 10 * MINUTE)).toEqual({ claimed: true });
    expect(await store.idempotencyKeys.complete(claimOf('kept', 'someone-else'), 500, 'wrong')).toBe(false);
    await store.idempotencyKeys.release(claimOf('kept', 'someone-else'));
    expect(await store.idempotencyKeys.complete(owner, 200, '{"ok":true}')).toBe(true);
    // Completed once: not again, and not released.
    expect(await store.idempotencyKeys.complete(owner, 200, '{"ok":false}')).toBe(false);
    await store.idempotencyKeys.release(owner);
    expect(await store.idempotencyKeys.claim(claimOf('kept', 'later'), 1, MINUTE, 10 * MINUTE)).toEqual({
      claimed: false,
      stored: {
        owner: 'me',
        instance: store.liveness.id,
        fingerprint: 'fp',
        response: { statusCode: 200, body: '{"ok":true}' },
        lockedUntil: MINUTE,
        expiresAt: 10 * MINUTE,
      },
    });
  });

  it('never takes over a key completed since it was seen unanswered: its answer is replayed, the request not run again', async () => {
    const first = claimOf('completed-meanwhile', 'first');
    await store.idempotencyKeys.claim(first, 0, MINUTE, 10 * MINUTE);
    await store.idempotencyKeys.complete(first, 200, '{"done":true}');
    expect(await store.idempotencyKeys.takeOver(claimOf('completed-meanwhile', 'second'), 'first', 2 * MINUTE, MINUTE, 10 * MINUTE)).toBe(false);
    // An expired one is a new key, whatever it kept.
    expect(await store.idempotencyKeys.takeOver(claimOf('completed-meanwhile', 'third'), 'first', 10 * MINUTE, MINUTE, 20 * MINUTE)).toBe(true);
  });

  it('keeps an answer only with the transaction of its effect: rolled back together, committed together', async () => {
    const claim = claimOf('with-effect', 'request');
    await store.idempotencyKeys.claim(claim, 0, MINUTE, 10 * MINUTE);
    const org = await store.orgs.create({ name: 'Effect Org', email: 'effect@example.com', timeZoneId: 1 }, 0);
    const effect = (fail: boolean) =>
      store.transaction(async (repositories) => {
        await repositories.webhookSecrets.rotate(org.id, 'whsec_effect', 1, MINUTE);
        expect(await repositories.idempotencyKeys.complete(claim, 200, '{"rotated":true}')).toBe(true);
        if (fail) throw new Error('the process died here');
      });
    await expect(effect(true)).rejects.toThrow('the process died here');
    expect(await store.webhookSecrets.active(org.id, 2)).toEqual([]);
    const unanswered = await store.idempotencyKeys.claim(claimOf('with-effect', 'retry'), 2, MINUTE, 10 * MINUTE);
    expect(unanswered).toMatchObject({ claimed: false, stored: { owner: 'request', response: null } });
    await effect(false);
    expect(await store.webhookSecrets.active(org.id, 2)).toHaveLength(1);
    const answered = await store.idempotencyKeys.claim(claimOf('with-effect', 'retry'), 2, MINUTE, 10 * MINUTE);
    expect(answered).toMatchObject({ claimed: false, stored: { response: { statusCode: 200, body: '{"rotated":true}' } } });
  });

  it('frees a released key for the next claim', async () => {
    await store.idempotencyKeys.claim(claimOf('released', 'first'), 0, MINUTE, 10 * MINUTE);
    await store.idempotencyKeys.release(claimOf('released', 'first'));
    expect(await store.idempotencyKeys.claim(claimOf('released', 'second'), 1, MINUTE, 10 * MINUTE)).toEqual({ claimed: true });
  });

  it('takes a key over only from the owner that was seen', async () => {
    await store.idempotencyKeys.claim(claimOf('lapsed', 'crashed'), 0, MINUTE, 10 * MINUTE);
    const takeOver = (owner: string) => store.idempotencyKeys.takeOver(claimOf('lapsed', owner, 'fp2'), 'crashed', 2 * MINUTE, MINUTE, 10 * MINUTE);
    const results = await Promise.all([takeOver('one'), takeOver('two'), takeOver('three')]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('sweeps expired keys and nothing else', async () => {
    await store.idempotencyKeys.claim(claimOf('old', 'x'), 0, MINUTE, 100);
    await store.idempotencyKeys.claim(claimOf('young', 'y'), 0, MINUTE, 10_000_000);
    expect(await store.idempotencyKeys.deleteExpired(100)).toBeGreaterThanOrEqual(1);
    const left = await store.db.selectFrom('idempotency_keys').select('key').where('key', 'in', ['old', 'young']).execute();
    expect(left.map((row) => row.key)).toEqual(['young']);
  });
});
