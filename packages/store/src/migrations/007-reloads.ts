import type { Kysely, Migration } from 'kysely';

/**
 * `left_on_unload`: the candidate's current absence began with the page unloading (a reload or a closed
 * tab) and is not counted yet; it becomes a window violation only if the page is not back within seconds.
 */
export const reloadsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('invitations')
      .addColumn('left_on_unload', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});
