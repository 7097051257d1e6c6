import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import type Pg from 'pg';
import { isDatabaseUnavailable, openScratchStore, type Store } from '../src/index.js';
import { startPgProxy } from './pg-proxy.js';

const pg = createRequire(import.meta.url)('pg') as typeof Pg;

/** The database ends the pool's idle connections (a restart, a failover, an administrator): the process lives on. */
describe('lost PostgreSQL connections', () => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore('postgres', inject('pgUrl')));
  });
  afterAll(() => dispose());

  it('drops an idle connection the server ended, and answers the next query on a new one', async () => {
    const pid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.db)).rows[0]!.pid;
    const before = await pid();
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      // As an administrator would, from a connection of its own: the pool's connection is idle meanwhile.
      const admin = new pg.Client({ connectionString: inject('pgUrl') });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [before]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
      expect(await pid()).not.toBe(before);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('fails a query whose connection the server ends as "unavailable", and the process lives on', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const failed = sql`select pg_sleep(5), pg_backend_pid()`.execute(store.db).then(
        () => undefined,
        (error: unknown) => error,
      );
      const admin = new pg.Client({ connectionString: inject('pgUrl') });
      await admin.connect();
      // The sleeping query's backend, ended under it (an administrator, a restart, a failover).
      for (let tries = 0; tries < 50; tries += 1) {
        const { rows } = await admin.query("select pg_terminate_backend(pid) as ended from pg_stat_activity where query like 'select pg_sleep(5)%'");
        if (rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.end();
      expect(isDatabaseUnavailable(await failed)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
      expect((await sql<{ one: number }>`select 1 as one`.execute(store.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('fails a query whose connection is cut under it (no goodbye from the server) as "unavailable", and lives on', async () => {
    const proxy = await startPgProxy(inject('pgUrl'));
    const cut = await openScratchStore('postgres', proxy.url);
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const failed = sql`select pg_sleep(5) as cut`.execute(cut.store.db).then(
        () => undefined,
        (error: unknown) => error,
      );
      const running = async () =>
        (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep(5) as cut%'`.execute(store.db)).rows[0]!.n >
        0;
      for (let tries = 0; tries < 100 && !(await running()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      // The network between Assay and its database breaks (or the database's host dies): the sockets just close.
      await proxy.stop();
      expect(isDatabaseUnavailable(await failed)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
      await proxy.start();
      expect((await sql<{ one: number }>`select 1 as one`.execute(cut.store.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', record);
      await proxy.start();
      await cut.dispose();
      await proxy.close();
    }
  });
});
