import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Least privilege (issue 32): every API key gets a role and a label. Keys issued before are full keys (`admin`,
 * the column's default, so they keep working unchanged) labelled with their prefix, as keys issued without a
 * label are from now on; the label names the key in an invitation's history.
 */
export const apiKeyRolesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('api_keys')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
      .execute();
    await db.schema.alterTable('api_keys').addColumn('label', 'text').execute();
    await sql`UPDATE api_keys SET label = prefix`.execute(db);
  },
});
