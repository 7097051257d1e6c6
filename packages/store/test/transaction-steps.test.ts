import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore, type Store } from '../src/index.js';
import { statement, transact, type TransactionSteps } from '../src/engine/transaction-steps.js';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

/** A transaction written as steps runs as one: all of it or nothing, answered once committed, on either backend. */
describe.each(['sqlite', 'postgres'] as const)('transaction steps on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
  });
  afterAll(() => dispose());

  const orgNamed = (name: string) => store.db.selectFrom('orgs').select(['id', 'name']).where('name', '=', name).execute();

  function* twoOrgs(first: string, second: string, failBetween: boolean): TransactionSteps<number[]> {
    const [a] = yield* statement(
      store.db.insertInto('orgs').values({ name: first, email: 'a@example.com', time_zone_id: 1000, created_at: T0 }).returning('id').compile(),
    );
    const [seen] = yield* statement(store.db.selectFrom('orgs').select('name').where('id', '=', a!.id).compile());
    if (seen?.name !== first) throw new Error('a step did not see the one before it');
    if (failBetween) throw new Error('refused between the two writes');
    const [b] = yield* statement(
      store.db.insertInto('orgs').values({ name: second, email: 'b@example.com', time_zone_id: 1000, created_at: T0 }).returning('id').compile(),
    );
    return [a!.id, b!.id];
  }

  it('answers after the commit: both writes are read back at once, outside the transaction', async () => {
    const ids = await transact(store.db, () => twoOrgs('Steps A', 'Steps B', false));
    expect((await orgNamed('Steps A')).map((row) => row.id)).toEqual([ids[0]]);
    expect((await orgNamed('Steps B')).map((row) => row.id)).toEqual([ids[1]]);
  });

  it('undoes its own writes when a step throws, and only its own', async () => {
    const [failed, kept] = await Promise.allSettled([
      transact(store.db, () => twoOrgs('Undone A', 'Undone B', true)),
      transact(store.db, () => twoOrgs('Kept A', 'Kept B', false)),
    ]);
    expect(failed.status).toBe('rejected');
    expect(kept.status).toBe('fulfilled');
    expect(await orgNamed('Undone A')).toEqual([]);
    expect(await orgNamed('Kept A')).toHaveLength(1);
    expect(await orgNamed('Kept B')).toHaveLength(1);
  });

  it('undoes a statement SQL refuses, and the transaction’s earlier writes with it', async () => {
    function* duplicate(): TransactionSteps<void> {
      yield* statement(store.db.insertInto('orgs').values({ name: 'Dup first', email: 'd@example.com', time_zone_id: 1000, created_at: T0 }).compile());
      yield* statement(store.db.insertInto('orgs').values({ id: 1, name: 'Dup clash', email: 'd@example.com', time_zone_id: 1000, created_at: T0 }).compile());
    }
    await store.orgs.create({ name: 'Holds id 1', email: 'h@example.com', timeZoneId: 1000 }, T0);
    await expect(transact(store.db, duplicate)).rejects.toThrow();
    // Read once a later transaction has committed, so that whatever the failed one left would be there to see.
    await expect(transact(store.db, () => twoOrgs('After A', 'After B', false))).resolves.toHaveLength(2);
    expect(await orgNamed('Dup first')).toEqual([]);
  });
});

/**
 * On SQLite a turn's at-once transactions run together when the group commits (decision 187); any other use of the
 * writer first runs those queued before it, so the writer still sees work in the order it arrived.
 */
describe('transaction steps on sqlite, queued for the group', () => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore('sqlite'));
  });
  afterAll(() => dispose());

  function* insertOrg(name: string): TransactionSteps<number> {
    const [row] = yield* statement(
      store.db.insertInto('orgs').values({ name, email: 'q@example.com', time_zone_id: 1000, created_at: T0 }).returning('id').compile(),
    );
    return row!.id;
  }

  it('runs before a write that arrives after it in the same turn', async () => {
    const inserting = transact(store.db, () => insertOrg('Queued first'));
    const renaming = store.db.updateTable('orgs').set({ name: 'Renamed after' }).where('name', '=', 'Queued first').executeTakeFirst();
    const [id, renamed] = await Promise.all([inserting, renaming]);
    expect(renamed.numUpdatedRows).toBe(1n);
    expect(await store.db.selectFrom('orgs').select('name').where('id', '=', id).executeTakeFirst()).toEqual({ name: 'Renamed after' });
  });

  it('runs before a transaction that begins after it in the same turn', async () => {
    const inserting = transact(store.db, () => insertOrg('Queued before a transaction'));
    const seen = store.db.transaction().execute((trx) => trx.selectFrom('orgs').select('id').where('name', '=', 'Queued before a transaction').execute());
    const [id, rows] = await Promise.all([inserting, seen]);
    expect(rows).toEqual([{ id }]);
  });

  it('answers each of a turn’s transactions on its own: one refused, the others committed', async () => {
    const names = ['Turn A', 'Turn B', 'Turn C'];
    const outcomes = await Promise.allSettled([
      transact(store.db, () => insertOrg(names[0]!)),
      transact(store.db, function* () {
        yield* insertOrg('Turn refused');
        throw new Error('refused after its write');
      }),
      transact(store.db, () => insertOrg(names[1]!)),
      transact(store.db, () => insertOrg(names[2]!)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const stored = await store.db.selectFrom('orgs').select('name').where('name', 'like', 'Turn %').orderBy('id').execute();
    expect(stored.map((row) => row.name)).toEqual(names);
  });

  it('queues writes alone with them: one that SQL refuses is refused alone, and the turn’s other writes commit', async () => {
    const taken = await insertOrgAlone('Alone taken');
    const outcomes = await Promise.allSettled([
      insertOrgAlone('Alone first'),
      store.db.insertInto('orgs').values({ id: taken, name: 'Alone clash', email: 'q@example.com', time_zone_id: 1000, created_at: T0 }).execute(),
      transact(store.db, () => insertOrg('Alone third')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await store.db.selectFrom('orgs').select('name').where('name', 'like', 'Alone %').execute();
    expect(stored.map((row) => row.name).sort()).toEqual(['Alone first', 'Alone taken', 'Alone third']);
  });

  const insertOrgAlone = async (name: string): Promise<number> =>
    (await store.db.insertInto('orgs').values({ name, email: 'q@example.com', time_zone_id: 1000, created_at: T0 }).returning('id').executeTakeFirstOrThrow())
      .id;
});
