import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, openStore, type Store } from '../src/index.js';

/**
 * A process's proof of life (`instance-liveness.ts`), asked by another: real lock files on SQLite, real advisory locks on
 * PostgreSQL. That a SIGKILLed server is found gone at once is proven with real processes in the server's system tests
 * (idempotency-crash.test.ts).
 */
describe.each(['sqlite', 'postgres'] as const)('instance liveness on %s', (backend) => {
  let dir: string;
  let url: string;
  let store: Store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'assay-liveness-'));
    url = backend === 'sqlite' ? `sqlite:${join(dir, 'assay.db')}` : inject('pgUrl');
    store = await openStore(url);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('knows its own instance alive, and an id nobody registered gone', async () => {
    expect(await store.liveness.isAlive(store.liveness.id)).toBe(true);
    expect(await store.liveness.isAlive(randomUUID())).toBe(false);
    expect(await store.liveness.isAlive('../../assay.db')).toBe(false);
  });

  it('sees another instance alive while it holds its proof of life, and gone once it lets go', async () => {
    const other = connect(url);
    try {
      await other.liveness.register();
      expect(await store.liveness.isAlive(other.liveness.id)).toBe(true);
      await other.liveness.close();
      expect(await store.liveness.isAlive(other.liveness.id)).toBe(false);
    } finally {
      await other.liveness.close();
      await other.db.destroy();
    }
  });
});

describe('instance liveness on postgres, when the database ends a session', () => {
  let store: Store;

  beforeAll(async () => {
    store = await openStore(inject('pgUrl'));
  });
  afterAll(() => store.close());

  it('finds an instance gone the moment the database ends its session, and alive again once it registers', async () => {
    const other = connect(inject('pgUrl'));
    try {
      await other.liveness.register();
      // What PostgreSQL does when the process dies: the session ends, its locks with it.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`assay instance ${other.liveness.id}`}`.execute(store.db);
      let gone = false;
      for (let tries = 0; tries < 100 && !gone; tries += 1) gone = !(await store.liveness.isAlive(other.liveness.id));
      expect(gone).toBe(true);
      // pg_locks shows the lock gone before the client's socket reports the end (under load, some turns later);
      // until it does, register() still trusts the old session. Once the loss is heard, register() holds anew.
      let back = false;
      for (let tries = 0; tries < 100 && !back; tries += 1) {
        await other.liveness.register();
        back = await store.liveness.isAlive(other.liveness.id);
        if (!back) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(back).toBe(true);
    } finally {
      await other.liveness.close();
      await other.db.destroy();
    }
  });
});
