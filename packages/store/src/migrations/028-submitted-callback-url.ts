import type { Kysely, Migration } from 'kysely';

/** Where a candidate's "submitted" event goes (an opt-in Assay extension, `submittedCallbackURL`); null sends none. */
export const submittedCallbackUrlMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('candidates').addColumn('submitted_callback_url', 'text').execute();
  },
};
