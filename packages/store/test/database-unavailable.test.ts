import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailable, openScratchStore, openStore, type Store } from '../src/index.js';
import { startPgProxy } from './pg-proxy.js';
import { holdSqliteLock } from './sqlite-lock-holder.js';

const failureOf = (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );
const T0 = Date.UTC(2026, 11, 1);

/**
 * What the database says when it cannot be used for a while, as real databases say it: the server answers these 503.4,
 * the worker waits them out (`database-unavailable.ts`). Anything else stays a failure of its own.
 */
describe('a SQLite file another process holds in BEGIN EXCLUSIVE', () => {
  let dir: string;
  let file: string;
  let store: Store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'assay-locked-store-'));
    file = join(dir, 'assay.db');
    store = await openStore(`sqlite:${file}`, { busyTimeoutMs: 100 });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails writes as unavailable and says so when asked, reads on, and takes writes again once the lock is gone', async () => {
    const org = await store.orgs.create({ name: 'Before', email: 'before@example.com', timeZoneId: 1 }, T0);
    const lock = await holdSqliteLock(file);
    try {
      expect(isDatabaseUnavailable(await failureOf(store.orgs.create({ name: 'During', email: 'during@example.com', timeZoneId: 1 }, T0)))).toBe(true);
      expect(await store.writesUnavailable()).toMatch(/another process holds its write lock/);
      expect((await store.orgs.find(org.id))?.name).toBe('Before');
    } finally {
      await lock.release();
    }
    expect(await store.writesUnavailable()).toBeUndefined();
    expect((await store.orgs.create({ name: 'After', email: 'after@example.com', timeZoneId: 1 }, T0)).name).toBe('After');
  });

  it('keeps a refused statement a failure of its own, not an outage', async () => {
    const refused = await failureOf(
      sql`insert into orgs (id, name, email, time_zone_id, created_at) values (1, 'x', 'x', 1, 0), (1, 'y', 'y', 1, 0)`.execute(store.db),
    );
    expect(refused).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(refused)).toBe(false);
    expect(isDatabaseUnavailable(new Error('a bug'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('a PostgreSQL that refuses connections, or takes no writes', () => {
  let proxy: Awaited<ReturnType<typeof startPgProxy>>;
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    proxy = await startPgProxy(inject('pgUrl'));
    ({ store, dispose } = await openScratchStore('postgres', proxy.url, { busyTimeoutMs: 500 }));
  });
  afterAll(async () => {
    await proxy.start();
    await dispose();
    await proxy.close();
  });

  it('fails queries as unavailable while it is stopped, and says so when asked', async () => {
    await proxy.stop();
    try {
      expect(isDatabaseUnavailable(await failureOf(store.orgs.find(1)))).toBe(true);
      expect(await store.writesUnavailable()).toBe('it does not answer');
    } finally {
      await proxy.start();
    }
    expect(await store.writesUnavailable()).toBeUndefined();
  });

  it('fails a write in a read-only transaction (a standby) as unavailable', async () => {
    const readOnly = store.db.transaction().execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      await trx.insertInto('orgs').values({ name: 'x', email: 'x@example.com', time_zone_id: 1, created_at: T0 }).execute();
    });
    expect(isDatabaseUnavailable(await failureOf(readOnly))).toBe(true);
  });
});
