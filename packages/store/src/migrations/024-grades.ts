import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * A person's grades of written answers (issue 32): one row per grade ever given, so a regrade keeps the earlier one.
 * The current grade of an (invitation, question) is its row with no `superseded_at` (a regrade, or the attempt
 * scored anew after a reset, sets it): one partial unique index holds exactly those, so an attempt's current grades
 * are one indexed read, and its whole history (who graded, by `key_id`, and when) another.
 */
export const gradesMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('grades')
      .addColumn('id', id.type, id.build)
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('question_id', 'bigint', (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('marks', 'double precision', (c) => c.notNull())
      // JSON array of { criterion, marks } in the rubric's order; null when none were given.
      .addColumn('criteria', 'text')
      .addColumn('comment', 'text')
      .addColumn('key_id', 'bigint', (c) => c.notNull().references('api_keys.id'))
      .addColumn('graded_at', 'bigint', (c) => c.notNull())
      .addColumn('superseded_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('grades_current_idx')
      .unique()
      .on('grades')
      .columns(['invitation_id', 'question_id'])
      .where(sql<boolean>`superseded_at is null`)
      .execute();
    await db.schema.createIndex('grades_invitation_idx').on('grades').columns(['invitation_id', 'id']).execute();
  },
});
