import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * Decisions on candidates (issue 50 item 2): the one decision standing per invitation (its changes are in the
 * invitation's history), its tags, its notes (each by the key that wrote it) and one rating per key. `decided_at` with
 * the org feeds `GET /v2/org/events` (decision 761).
 */
export const candidateDecisionsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    const invitation = (c: ColumnDefinitionBuilder) => c.notNull().references('invitations.id').onDelete('cascade');
    await db.schema
      .createTable('candidate_decisions')
      .addColumn('invitation_id', 'bigint', (c) => invitation(c).primaryKey())
      .addColumn('org_id', 'bigint', (c) => c.notNull())
      .addColumn('decision', 'text')
      .addColumn('reason', 'text')
      .addColumn('key_id', 'bigint', (c) => c.notNull())
      .addColumn('decided_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('candidate_decisions_org_at_idx').on('candidate_decisions').columns(['org_id', 'decided_at']).execute();
    await db.schema
      .createTable('candidate_tags')
      .addColumn('invitation_id', 'bigint', (c) => invitation(c))
      .addColumn('tag', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('candidate_tags_pk', ['invitation_id', 'tag'])
      .execute();
    await db.schema
      .createTable('candidate_notes')
      .addColumn('id', id.type, id.build)
      .addColumn('invitation_id', 'bigint', (c) => invitation(c))
      .addColumn('key_id', 'bigint', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('edited_at', 'bigint')
      .execute();
    await db.schema.createIndex('candidate_notes_invitation_idx').on('candidate_notes').columns(['invitation_id', 'id']).execute();
    await db.schema
      .createTable('candidate_ratings')
      .addColumn('invitation_id', 'bigint', (c) => invitation(c))
      .addColumn('key_id', 'bigint', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('rated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('candidate_ratings_pk', ['invitation_id', 'key_id'])
      .execute();
  },
});
