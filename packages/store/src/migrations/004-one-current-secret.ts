import { sql, type Kysely, type Migration } from 'kysely';

/** One current (unexpired) signing secret per org, even when first deliveries race to create it. */
export const oneCurrentSecretMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('webhook_secrets_current_key')
      .on('webhook_secrets')
      .column('org_id')
      .unique()
      .where(sql.ref('expires_at'), 'is', null)
      .execute();
  },
});
