import { type Kysely, type Migration, sql } from 'kysely';

/**
 * An org's retention periods in days (issue 51 item 2): invitations erased `retention_ended_days` after they ended,
 * snapshots and code playback purged `retention_media_days` after the attempt ended, never-started invitations erased
 * `retention_unstarted_days` after they were made or their window closed. Null keeps them (decision 850). The column
 * defaults are what a new org gets (decision 849); orgs that exist when this runs get null, so an upgrade erases
 * nothing until an admin chooses. Two partial indexes let the sweep find ended invitations by their end.
 */
export const retentionMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orgs')
      .addColumn('retention_ended_days', 'integer', (c) => c.defaultTo(365))
      .execute();
    await db.schema
      .alterTable('orgs')
      .addColumn('retention_media_days', 'integer', (c) => c.defaultTo(60))
      .execute();
    await db.schema
      .alterTable('orgs')
      .addColumn('retention_unstarted_days', 'integer', (c) => c.defaultTo(180))
      .execute();
    await sql`update orgs set retention_ended_days = null, retention_media_days = null, retention_unstarted_days = null`.execute(db);
    await db.schema
      .createIndex('invitations_completed_at_idx')
      .on('invitations')
      .columns(['org_id', 'completed_at'])
      .where(sql<boolean>`completed_at is not null`)
      .execute();
    await db.schema
      .createIndex('invitations_cancelled_at_idx')
      .on('invitations')
      .columns(['org_id', 'cancelled_at'])
      .where(sql<boolean>`cancelled_at is not null`)
      .execute();
  },
});
