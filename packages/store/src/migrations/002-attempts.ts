import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/** What taking a test needs: the deadline, who is away, saved answers and camera snapshots. */
export const attemptsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('invitations').addColumn('deadline_at', 'bigint').execute();
    await db.schema.alterTable('invitations').addColumn('left_at', 'bigint').execute();
    await db.schema.createIndex('invitations_deadline_idx').on('invitations').columns(['status', 'deadline_at']).execute();
    await db.schema.createIndex('invitations_report_status_idx').on('invitations').columns(['status', 'report_status']).execute();

    await db.schema
      .createTable('answers')
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('question_id', 'bigint', (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('option_ids', 'text')
      .addColumn('code', 'text')
      .addColumn('saved_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('answers_pkey', ['invitation_id', 'question_id'])
      .execute();

    await db.schema
      .createTable('snapshots')
      .addColumn('id', idColumn(dialect).type, idColumn(dialect).build)
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('taken_at', 'bigint', (c) => c.notNull())
      .addColumn('media_type', 'text', (c) => c.notNull())
      .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('snapshots_invitation_idx').on('snapshots').columns(['invitation_id', 'id']).execute();
  },
});
