import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * Test previews (issue 62 item 3; decisions 1492–1495): a link to the real candidate page of a test that records
 * nothing. The definition it shows is kept here, so that any instance answers its page; only the SHA-256 of its token
 * is kept (unique: the candidate routes' one lookup). A row lives 24 hours, then the housekeeping sweep deletes it.
 * `test_id` names the org's test it shows, null for a definition sent as is (a file being written).
 */
export const testPreviewsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('test_previews')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('test_id', 'bigint')
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('test_previews_expires_idx').on('test_previews').column('expires_at').execute();
  },
});
