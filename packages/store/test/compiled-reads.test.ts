import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Kysely } from 'kysely';
import { compileOnce, parameter } from '../src/engine/compiled-query.js';
import { directReadOf } from '../src/engine/direct-reads.js';
import { openScratchStore, type Database, type Store } from '../src/index.js';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

const orgNamed = compileOnce((db: Kysely<Database>) => db.selectFrom('orgs').select(['id', 'name']).where('name', '=', parameter<string>('name')));

/** Compiled reads answer the same on every path: straight on SQLite's reader, through Kysely, inside a transaction. */
describe.each(['sqlite', 'postgres'] as const)('compiled reads on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
  });
  afterAll(() => dispose());

  it('takes the direct path on SQLite only, and answers committed rows with bound parameters', async () => {
    expect(directReadOf(store.db) !== undefined).toBe(backend === 'sqlite');
    const { id } = await store.orgs.create({ name: "Acme'; drop table orgs; --", email: 'a@example.com', timeZoneId: 1000 }, T0);
    expect(await orgNamed(store.db, { name: "Acme'; drop table orgs; --" })).toEqual([{ id, name: "Acme'; drop table orgs; --" }]);
    expect(await orgNamed(store.db, { name: 'nobody' })).toEqual([]);
  });

  it('reads a transaction’s own uncommitted rows inside it, and none of them outside until it commits', async () => {
    let outsideDuring: unknown[] = [];
    await store.db.transaction().execute(async (trx) => {
      await trx.insertInto('orgs').values({ name: 'Uncommitted', email: 'u@example.com', time_zone_id: 1000, created_at: T0 }).execute();
      expect(await orgNamed(trx, { name: 'Uncommitted' })).toHaveLength(1);
      outsideDuring = await orgNamed(store.db, { name: 'Uncommitted' });
    });
    expect(outsideDuring).toEqual([]);
    expect(await orgNamed(store.db, { name: 'Uncommitted' })).toHaveLength(1);
  });

  it('answers rows keyed by column like Kysely’s path, which still gets objects after a direct read of the same statement', async () => {
    const { id } = await store.orgs.create({ name: 'Keyed', email: 'k@example.com', timeZoneId: 1000 }, T0);
    const query = orgNamed.bound(store.db, { name: 'Keyed' });
    const direct = directReadOf(store.db)?.(query) ?? (await store.db.executeQuery(query)).rows;
    expect(direct).toEqual([{ id, name: 'Keyed' }]);
    expect((await store.db.executeQuery(query)).rows).toEqual([{ id, name: 'Keyed' }]);
    expect(await store.db.selectFrom('orgs').select(['id', 'name']).where('name', '=', 'Keyed').execute()).toEqual([{ id, name: 'Keyed' }]);
  });
});
