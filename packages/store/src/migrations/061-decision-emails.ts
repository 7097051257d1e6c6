import type { Kysely, Migration } from 'kysely';

/**
 * The org's decision emails (issue 61 item 1, decision 1450): its templates for a rejection, an advance and a
 * cancellation, its Reply-To and scheduling link, as one JSON text. Null, as every org starts, sends the defaults.
 */
export const decisionEmailsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orgs').addColumn('decision_emails', 'text').execute();
  },
});
