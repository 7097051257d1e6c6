import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openScratchStore, type Store } from '../src/index.js';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

/** A bound LIMIT makes SQLite prepare the statement again on every run; whole-number limits are written into the SQL. */
describe('LIMIT on SQLite', () => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore('sqlite'));
    for (const name of ['A', 'B', 'C']) await store.orgs.create({ name, email: `${name}@example.com`, timeZoneId: 1000 }, T0);
  });
  afterAll(() => dispose());

  it('writes a whole-number limit into the SQL and binds the other values', () => {
    const compiled = store.db.selectFrom('orgs').select('id').where('name', '=', 'A').orderBy('id').limit(2).offset(1).compile();
    expect(compiled.sql).toMatch(/ limit 2 offset \?$/);
    expect(compiled.parameters).toEqual(['A', 1]);
  });

  it('keeps a limit that is not a whole number bound, for SQLite to judge', () => {
    const compiled = store.db.selectFrom('orgs').select('id').limit(sql<number>`${'2'}`).compile();
    expect(compiled.sql).toMatch(/ limit \?$/);
    const fractional = store.db.selectFrom('orgs').select('id').limit(1.5).compile();
    expect(fractional.sql).toMatch(/ limit \?$/);
    expect(fractional.parameters).toEqual([1.5]);
  });

  it('answers the same rows as a bound limit would', async () => {
    const names = await store.db.selectFrom('orgs').select('name').orderBy('name').limit(2).execute();
    expect(names.map((row) => row.name)).toEqual(['A', 'B']);
    const [first] = await store.db.selectFrom('orgs').select('name').orderBy('name', 'desc').limit(1).execute();
    expect(first?.name).toBe('C');
  });
});
