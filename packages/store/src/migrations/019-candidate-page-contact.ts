import type { Kysely, Migration } from 'kysely';

/**
 * What an org's candidate pages say about it (`schemas/candidate-page.ts` in the domain): a display name and a
 * contact. All null for existing orgs: their pages show the org's own name and no contact until they choose one.
 */
export const candidatePageContactMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const column of ['display_name', 'contact_name', 'contact_email', 'contact_url']) {
      await db.schema.alterTable('orgs').addColumn(column, 'text').execute();
    }
  },
});
