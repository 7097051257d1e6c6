import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Which generation of signed report links an invitation honours (decision on report links, issue 27): a link names
 * the generation it was issued under, and revoking the invitation's links moves it on. Every invitation starts at
 * 0, which is how links issued before this column read (they carry no generation).
 */
export const reportLinkGenerationMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('invitations')
      .addColumn('report_link_generation', 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
  },
});
