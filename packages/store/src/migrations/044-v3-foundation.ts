import { type Kysely, type Migration, sql } from 'kysely';

/**
 * What the v3 interface needs of the tables (issue 52): a test's settings (`tests.settings`, JSON of the domain's
 * `TestSettings`; null answers the defaults), which front made an invitation (`invitations.interface`, 'v2' for every
 * invitation made before), and why an attempt ended (`invitations.end_reason`: submitted, time-up, terminated; null
 * while it runs and for attempts that ended before this migration, which v3 reads as submitted — decision 886).
 */
export const v3FoundationMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('tests').addColumn('settings', 'text').execute();
    await db.schema
      .alterTable('invitations')
      .addColumn('interface', 'text', (c) => c.notNull().defaultTo(sql`'v2'`))
      .execute();
    await db.schema.alterTable('invitations').addColumn('end_reason', 'text').execute();
  },
});
