import type { Kysely, Migration } from 'kysely';

/**
 * AI-use evidence that needs no model (issue 60, item 5; decisions 1202 and 1205): each question's windows of typing
 * as the page counted them (`question_signals.typing`, JSON, bounded by the domain's TYPING_LIMITS; null before any),
 * and the findings the score job made of an attempt (`ai_use_findings`: rule, question, instant, figures as JSON),
 * replaced whenever the attempt is scored again, cleared with its answers by a reset and by an erasure.
 */
export const aiUseEvidenceMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('question_signals').addColumn('typing', 'text').execute();
    await db.schema
      .createTable('ai_use_findings')
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      /** The id a review names it by: `<kind>-<epoch ms>`. */
      .addColumn('evidence_id', 'text', (c) => c.notNull())
      .addColumn('question_id', 'bigint', (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('figures', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('ai_use_findings_pkey', ['invitation_id', 'evidence_id'])
      .execute();
  },
});
