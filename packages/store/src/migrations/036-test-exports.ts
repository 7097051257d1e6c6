import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * A test's report exports (Excel), one row per export instead of one `report-downloaded` history row per Completed
 * invitation (100k rows on the request thread before the first byte). Each invitation's history reads them back for
 * the times it was Completed (decisions 503–505). History rows written per invitation before stay as they are.
 */
export const testExportsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('test_exports')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('test_id', 'bigint', (c) => c.notNull().references('tests.id').onDelete('cascade'))
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('key_id', 'bigint')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('test_exports_test_at_idx').on('test_exports').columns(['test_id', 'at']).execute();
  },
});
