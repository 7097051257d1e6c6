import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * Which `.eml` file of the files-mode outbox each email of an invitation wrote (issue 59 point 2, decision 1000): an
 * erasure removes exactly the files of that org's erased invitations, and an export hands over exactly the person's,
 * instead of every file whose text held the name or address somewhere (another org's `joann@…` for `ann@…`). The
 * file name says nothing of the person (a time and a message id).
 */
export const outboxEmailsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('outbox_emails')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull())
      .addColumn('invitation_id', 'bigint', (c) => c.notNull())
      .addColumn('job_id', 'bigint', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull().unique())
      .addColumn('written_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('outbox_emails_invitation_idx').on('outbox_emails').columns(['org_id', 'invitation_id']).execute();
  },
});
