import type { Kysely, Migration } from 'kysely';

/**
 * An org's default for emailing a candidate it invites when the request does not say (`sendEmail` left out; decision
 * 815). 0 for every org: integrators who never set it get the answers and the outbox decision 780 promised.
 */
export const sendEmailByDefaultMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orgs')
      .addColumn('send_email_by_default', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});
