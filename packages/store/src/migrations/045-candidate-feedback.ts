import type { Kysely, Migration } from 'kysely';

/**
 * The candidate's feedback on a test (issue 52, `displayMessageSettings.candidateFeedback`): one row per attempt, an
 * attempt being its invitation and the instant it started (a reset's new attempt may give its own; decision 967). The
 * key makes "once per attempt" hold under two requests at once. Erasure keeps the rating and drops the text.
 */
export const candidateFeedbackMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('candidate_feedback')
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('attempt_started_at', 'bigint', (c) => c.notNull())
      .addColumn('rating', 'integer')
      .addColumn('text', 'text')
      .addColumn('given_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('candidate_feedback_pk', ['invitation_id', 'attempt_started_at'])
      .execute();
  },
});
