import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * What the report shows beyond the counters: the page's events (departures, section views) in order, each
 * question's marks and hidden-test verdicts, and how often the candidate ran the samples.
 */
export const reportDetailsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('attempt_events')
      .addColumn('id', id.type, id.build)
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('section_id', 'bigint')
      .execute();
    await db.schema.createIndex('attempt_events_invitation_idx').on('attempt_events').columns(['invitation_id', 'at']).execute();

    await db.schema
      .createTable('question_results')
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('question_id', 'bigint', (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('marks', 'double precision', (c) => c.notNull())
      /** JSON array of booleans, one per hidden test, for coding answers that ran. */
      .addColumn('cases', 'text')
      .addPrimaryKeyConstraint('question_results_pkey', ['invitation_id', 'question_id'])
      .execute();

    await db.schema
      .createTable('sample_runs')
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('question_id', 'bigint', (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('runs', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('sample_runs_pkey', ['invitation_id', 'question_id'])
      .execute();
  },
});
