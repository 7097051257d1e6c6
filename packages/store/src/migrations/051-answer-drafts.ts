import type { Kysely, Migration } from 'kysely';

/**
 * A coding answer's drafts (issue 59, decision 1124): the code the candidate left in the question's other languages,
 * as a JSON object by language (null: none), so a reload or another device brings it back. Never scored; erased and
 * exported with the answer.
 */
export const answerDraftsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('answers').addColumn('drafts', 'text').execute();
  },
});
