import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import type Pg from 'pg';
import { openScratchStore, type Store } from '../src/index.js';

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
});
