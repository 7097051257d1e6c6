import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Test versions (issue 62 item 4; decisions 1485–1490). A version is a row of `tests` like an import, never changed:
 * the test's first row stays its identity (its id is the one every API answers) and holds version 1; a later
 * version's row names that first row (`lineage_id`) and its number, and the first row points at its current version.
 * An invitation keeps the version its attempt started on (`version_test_id`); until it starts it follows the
 * current one. Every invitation started before versions existed started on version 1: its own test row.
 */
export const testVersionsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('tests').addColumn('lineage_id', 'bigint').execute();
    await db.schema
      .alterTable('tests')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('tests').addColumn('current_version_id', 'bigint').execute();
    await db.schema.createIndex('tests_lineage_idx').on('tests').columns(['lineage_id', 'version']).execute();
    await db.schema.alterTable('invitations').addColumn('version_test_id', 'bigint').execute();
    await sql`update invitations set version_test_id = test_id where started_at is not null`.execute(db);
  },
});
