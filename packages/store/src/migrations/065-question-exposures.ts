import type { Kysely, Migration } from 'kysely';

/**
 * The exposure cap of a pool (issue 62 item 5; decisions 1496–1499). `question_exposures` counts, per test (its first
 * row: every version shares the count) and question identity (its key, else its content hash), the started attempts
 * shown it; a start adds its drawn pooled questions in its own transaction, so a count is never recomputed from
 * variants. `retired_at` is when a start found it at its cap and made the version without it (`tests.version_note`
 * says so in the versions list). `sections.exposure_cap` is the pool's cap as authored.
 */
export const questionExposuresMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('question_exposures')
      .addColumn('test_id', 'bigint', (c) => c.notNull().references('tests.id').onDelete('cascade'))
      .addColumn('identity', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('exposures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('retired_at', 'bigint')
      .addColumn('retired_from', 'text')
      .addPrimaryKeyConstraint('question_exposures_pk', ['test_id', 'identity'])
      .execute();
    await db.schema.alterTable('sections').addColumn('exposure_cap', 'integer').execute();
    await db.schema.alterTable('tests').addColumn('version_note', 'text').execute();
  },
});
