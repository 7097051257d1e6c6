import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * Bulk invitations (issue 33, item 2): a job per org, test and file (`file_key`, the hash of the file's rows: the same
 * file sent again finds its job), and its rows in file order with their outcome — null while waiting for the worker,
 * then invited, alreadyInvited or refused (with the reason).
 */
export const bulkInvitationsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('bulk_invitation_jobs')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('test_id', 'bigint', (c) => c.notNull().references('tests.id').onDelete('cascade'))
      .addColumn('file_key', 'text', (c) => c.notNull())
      .addColumn('key_id', 'bigint')
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .addUniqueConstraint('bulk_invitation_jobs_file_key', ['org_id', 'test_id', 'file_key'])
      .execute();
    await db.schema
      .createTable('bulk_invitation_rows')
      .addColumn('job_id', 'bigint', (c) => c.notNull().references('bulk_invitation_jobs.id').onDelete('cascade'))
      .addColumn('row_no', 'integer', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('full_name', 'text')
      .addColumn('extra_time_percent', 'integer')
      .addColumn('link_expires_at', 'bigint')
      .addColumn('outcome', 'text')
      .addColumn('reason', 'text')
      .addColumn('invitation_id', 'bigint')
      .addPrimaryKeyConstraint('bulk_invitation_rows_pk', ['job_id', 'row_no'])
      .execute();
  },
});
