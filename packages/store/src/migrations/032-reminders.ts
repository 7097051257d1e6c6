import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Reminders and expiry (issue 33, item 3). An invitation's own expiry (`invitations.expires_at`); reminder hours chosen
 * for a test (its default) or a link (JSON, null: inherit); a candidate's unsubscription from reminders; and
 * `invitation_reminders`, one row per reminder or expiry note claimed, whose primary key makes each at-most-once per
 * invitation across restarts and processes (the row and its outbox job are written in one transaction).
 */
export const remindersMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('invitations').addColumn('expires_at', 'bigint').execute();
    await db.schema.alterTable('tests').addColumn('reminder_hours', 'text').execute();
    await db.schema.alterTable('test_links').addColumn('reminder_hours', 'text').execute();
    await db.schema.alterTable('candidates').addColumn('reminders_unsubscribed_at', 'bigint').execute();
    await db.schema
      .createTable('invitation_reminders')
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('reminder_key', 'text', (c) => c.notNull())
      .addColumn('job_id', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('invitation_reminders_pk', ['invitation_id', 'reminder_key'])
      .execute();
    // The sweep's own expiries: only not-started invitations that carry one (a literal condition, decision 14's way).
    await db.schema
      .createIndex('invitations_open_expiry_idx')
      .on('invitations')
      .column('expires_at')
      .where(sql<boolean>`expires_at is not null and status in ('Pending', 'Reset')`)
      .execute();
  },
});
