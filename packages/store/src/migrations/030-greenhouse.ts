import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * The Greenhouse Assessment Partner API (issue 33, item 1). `greenhouse_settings`: the HTTP Basic credentials Greenhouse
 * issued to an org for its PATCH "test completed" (one row per org; the password is sent, so it is kept as given, like
 * the webhook signing secrets). `greenhouse_interviews`: one per (org, application, test) however often Greenhouse sends
 * it (`partner_interview_id` is the row's id), naming the invitation it stands for and the PATCH URL of its last send.
 */
export const greenhouseMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('greenhouse_settings')
      .addColumn('org_id', 'bigint', (c) => c.primaryKey().references('orgs.id').onDelete('cascade'))
      .addColumn('callback_username', 'text', (c) => c.notNull())
      .addColumn('callback_password', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('greenhouse_interviews')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('application_id', 'text', (c) => c.notNull())
      .addColumn('test_id', 'bigint', (c) => c.notNull().references('tests.id').onDelete('cascade'))
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('callback_url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('greenhouse_interviews_application_idx')
      .on('greenhouse_interviews')
      .columns(['org_id', 'application_id', 'test_id'])
      .unique()
      .execute();
    // The completion's transaction looks the interview up by its invitation.
    await db.schema.createIndex('greenhouse_interviews_invitation_idx').on('greenhouse_interviews').column('invitation_id').execute();
  },
});
