import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Image violations counted (issue 52, decision 971): `invitations.image_violations`, the attempt's count of camera
 * losses and blank snapshots (0 for every attempt before), and `invitations.terminated_by`, which limit ended a
 * terminated attempt ('window' or 'image'; null otherwise and for attempts terminated before, which were all window).
 */
export const imageViolationsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('invitations')
      .addColumn('image_violations', 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
    await db.schema.alterTable('invitations').addColumn('terminated_by', 'text').execute();
  },
});
