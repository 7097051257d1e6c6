import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore, type Store } from '../src/index.js';

/**
 * Decision 1352: the store's introspection (what Kysely's migrator asks at every start: "does my migration table
 * exist?") reads the tables of its own schema only. Kysely's own read every schema of the database by name, and a
 * schema dropped meanwhile by someone else failed a start with "schema … does not exist" (CI, beside other suites).
 */
describe('introspection on PostgreSQL', () => {
  let mine: { store: Store; dispose: () => Promise<void> };
  let other: { store: Store; dispose: () => Promise<void> };
  beforeAll(async () => {
    mine = await openScratchStore('postgres', inject('pgUrl'));
    other = await openScratchStore('postgres', inject('pgUrl'));
    await sql`create table ${sql.id(other.store.schema!, 'only_theirs')} (id bigserial primary key, note text)`.execute(other.store.db);
  });
  afterAll(async () => {
    await mine?.dispose();
    await other?.dispose();
  });

  it("lists its own schema's tables with their columns, and not another schema's", async () => {
    const tables = await mine.store.db.introspection.getTables();
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([mine.store.schema]));
    expect(tables.map((table) => table.name)).not.toContain('only_theirs');
    expect(tables.map((table) => table.name)).not.toContain('kysely_migration');
    const invitations = tables.find((table) => table.name === 'invitations')!;
    expect(invitations.columns.find((column) => column.name === 'id')).toMatchObject({ isAutoIncrementing: true, isNullable: false });
    expect(invitations.columns.find((column) => column.name === 'org_id')).toMatchObject({ isAutoIncrementing: false, dataType: 'int8' });

    const theirs = await other.store.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(theirs.find((table) => table.name === 'only_theirs')!.columns.map((column) => column.name)).toEqual(['id', 'note']);
    expect(theirs.map((table) => table.name)).toContain('kysely_migration');
  });
});
