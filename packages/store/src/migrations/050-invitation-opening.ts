import type { Kysely, Migration } from 'kysely';

/**
 * An invitation's own opening (issue 59, decision 1024): a v3 invite's `startDateTime` later than now, before which
 * the candidate cannot start (epoch milliseconds, like `expires_at`; null: open at once). Every invitation made before
 * opened at once, so the column starts null and nothing changes for them.
 */
export const invitationOpeningMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('invitations').addColumn('opens_at', 'bigint').execute();
  },
});
