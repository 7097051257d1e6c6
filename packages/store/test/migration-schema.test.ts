import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { connect, knownMigrations, openScratchStore, openStore } from '../src/index.js';

/** A PostgreSQL URL whose sessions put `schema` first on their search path (libpq's `options`), no `pgSchema` given. */
const withSearchPath = (url: string, schema: string): string => {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
};

/**
 * Decision 991: a database that shares its PostgreSQL database with another schema holding Kysely's migration tables
 * (a second Assay, another application) is migrated in its own schema. Kysely's migrator looks for its tables in every
 * schema unless told which; it found the other schema's, skipped creating its own and failed
 * ("relation kysely_migration_lock does not exist").
 */
describe('migrating PostgreSQL beside another schema with migration tables', () => {
  it('creates and fills its own migration tables in the schema of its search path', async () => {
    const url = inject('pgUrl');
    const other = await openScratchStore('postgres', url);
    const schema = `search_path_${randomUUID().replaceAll('-', '')}`;
    const admin = connect(url, { pgPoolSize: 1 });
    try {
      await sql`create schema ${sql.id(schema)}`.execute(admin.db);
      const store = await openStore(withSearchPath(url, schema), { pgPoolSize: 1 });
      try {
        const { rows } = await sql<{ name: string }>`select name from ${sql.table(`${schema}.kysely_migration`)} order by name`.execute(admin.db);
        expect(rows.map((row) => row.name)).toEqual(knownMigrations('postgres'));
        expect(await store.newerSchema()).toBeUndefined();
      } finally {
        await store.close();
      }
    } finally {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.db.destroy();
      await other.dispose();
    }
  });
});
