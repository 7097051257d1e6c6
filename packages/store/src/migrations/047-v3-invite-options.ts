import { type Kysely, type Migration, sql } from 'kysely';

/**
 * What a v3 invite asks of a candidate's attempts (issue 52, decisions 985–986), kept on the candidate beside its
 * callback URL so a reattempt follows it: `stakeholder_emails` (JSON array of addresses told of the completion, null:
 * none besides the link's) and `hide_instructions` (1: the landing leaves out the rules list and the practice question).
 */
export const v3InviteOptionsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('candidates').addColumn('stakeholder_emails', 'text').execute();
    await db.schema
      .alterTable('candidates')
      .addColumn('hide_instructions', 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
  },
});
