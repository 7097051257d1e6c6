import type { Kysely, Migration } from 'kysely';

/**
 * Question pools and shuffling (issue 34, item 5). A section's pool settings (`draw`: questions drawn per candidate,
 * null for all; whether its questions and its choice questions' options are shuffled), and the seed an attempt's
 * variant is computed from (`attemptVariant`), written with the start and cleared by a reset. Null on every row
 * before: those attempts are asked every question as authored, exactly as before.
 */
export const questionPoolsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sections').addColumn('draw', 'integer').execute();
    await db.schema
      .alterTable('sections')
      .addColumn('shuffle_questions', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('sections')
      .addColumn('shuffle_options', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('invitations').addColumn('variant_seed', 'integer').execute();
  },
};
