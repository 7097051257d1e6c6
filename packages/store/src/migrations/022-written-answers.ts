import type { Kysely, Migration } from 'kysely';

/**
 * Written answers (issue 32): the text of a short_answer or free_text answer beside the option ids and code it is
 * neither of, and what of a scored attempt waits for a person (`review_items`, one row per answer to judge). The
 * review queue and grades read and clear those rows; until the last is graded the report stays "In progress".
 */
export const writtenAnswersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('answers').addColumn('text', 'text').execute();
    await db.schema
      .createTable('review_items')
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('question_id', 'bigint', (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_items_pkey', ['invitation_id', 'question_id'])
      .execute();
  },
};
