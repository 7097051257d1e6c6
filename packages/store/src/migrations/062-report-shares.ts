import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * Report shares (issue 61 item 4, "Share"; decisions 1433–1439): a link to one invitation's report that a manager
 * without a key opens until it expires or is revoked. Only the SHA-256 of the link's token is kept (unique, the open
 * route's one lookup), so the database never holds a working link. Who made it: the key, and its person when it has one.
 */
export const reportSharesMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('report_shares')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_by_key_id', 'bigint')
      .addColumn('created_by_person_id', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_opened_at', 'bigint')
      .execute();
    await db.schema.createIndex('report_shares_org_idx').on('report_shares').columns(['org_id', 'id']).execute();
    await db.schema.createIndex('report_shares_invitation_idx').on('report_shares').column('invitation_id').execute();
  },
});
