import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * The erasure audit (issue 51 item 1, decision 843): who erased which scope of an org's candidates, how many
 * invitations and when. It names the invitations by id only, never the email or name it erased.
 */
export const erasuresMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('erasures')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('by', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('invitations', 'integer', (c) => c.notNull())
      .addColumn('invitation_ids', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('erasures_org_idx').on('erasures').columns(['org_id', 'id']).execute();
  },
});
