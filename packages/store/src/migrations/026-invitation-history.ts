import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * An invitation's history (issue 32, item 6), append-only: one row per thing that happened, in the order recorded
 * (`id`), who did it (`actor`: key, candidate or system; `key_id` for a key) and what the domain's event says
 * (`details`, JSON). Coalesced kinds (link opened, answers saved, runs) count a window's occurrences in one row
 * (`count`, `last_at`). Invitations created before have no rows: their `created` entry is rebuilt when read.
 */
export const invitationHistoryMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('invitation_history')
      .addColumn('id', id.type, id.build)
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('key_id', 'bigint')
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('invitation_history_invitation_idx').on('invitation_history').columns(['invitation_id', 'id']).execute();
  },
});
