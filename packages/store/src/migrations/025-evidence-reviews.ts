import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * Reviewed integrity evidence (issue 32, item 5): every review of a departure or snapshot of an attempt, by which key,
 * appended — the latest per evidence id counts, earlier ones are kept. The attempt's raw signal (wv, tv, its event log,
 * its snapshots) is not touched.
 */
export const evidenceReviewsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('evidence_reviews')
      .addColumn('id', id.type, id.build)
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('key_id', 'bigint', (c) => c.notNull())
      .addColumn('reviewed_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('evidence_reviews_invitation_idx').on('evidence_reviews').columns(['invitation_id', 'id']).execute();
  },
});
