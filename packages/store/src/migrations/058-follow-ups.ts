import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * Authorship follow-ups (issue 60, item 6; docs/ai.md "Authorship follow-ups"): the questions asked about a submitted
 * coding or written answer, who wrote them (model or template), each one's timer, the answer as last saved, the
 * pastes the page refused, and a reviewer's mark (never a score). One row per position, unique, so two submissions
 * racing serve one set. Numbered after 057 though written beside it: a database already at 057 would refuse an
 * earlier name as out of order.
 */
export const followUpsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('follow_ups')
      .addColumn('id', id.type, id.build)
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('question_id', 'bigint', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('seconds', 'integer', (c) => c.notNull())
      .addColumn('served_at', 'bigint')
      .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('answered_at', 'bigint')
      .addColumn('pastes_refused', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mark', 'text')
      .addColumn('marked_by', 'text')
      .addColumn('marked_at', 'bigint')
      .addUniqueConstraint('follow_ups_position_key', ['invitation_id', 'question_id', 'position'])
      .execute();
  },
});
