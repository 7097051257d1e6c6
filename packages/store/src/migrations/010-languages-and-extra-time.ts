import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The language a coding answer is in (null: saved before answers had one, so the question's first), and a
 * candidate's accommodation: extra time, as a percentage of the test's duration.
 */
export const languagesAndExtraTimeMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('answers').addColumn('language', 'text').execute();
    await db.schema
      .alterTable('invitations')
      .addColumn('extra_time_percent', 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
  },
});
