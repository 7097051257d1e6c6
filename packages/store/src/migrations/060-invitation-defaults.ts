import type { Kysely, Migration } from 'kysely';

/**
 * The org's invitation defaults (issue 61 item 5, decision 1394): the deadline in days a single invitation made
 * without one is given, and the days after which a candidate invited without any deadline is reminded. Null, as every
 * org starts, keeps what was: no deadline, no such reminder.
 */
export const invitationDefaultsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orgs').addColumn('default_deadline_days', 'integer').execute();
    await db.schema.alterTable('orgs').addColumn('remind_after_days', 'integer').execute();
  },
});
