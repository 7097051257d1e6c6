import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Every invitation row went into seven secondary indexes, five of them for rows a new invitation is not yet (an
 * attempt in progress, a completion, a cancellation, a scored attempt): registering a candidate spent ~18 of its
 * ~28 µs of insert on them. Each of those indexes now holds only the rows its query asks for, so a new invitation
 * enters none of them. The queries name the same conditions as literals (a bound value could not select a
 * partial index).
 */
export const partialInvitationIndexesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const index of [
      'invitations_deadline_idx',
      'invitations_report_status_idx',
      'invitations_test_scores_idx',
      'invitations_org_completed_idx',
      'invitations_org_cancelled_idx',
    ]) {
      await db.schema.dropIndex(index).execute();
    }
    const invitations = (name: string, columns: string[], where: ReturnType<typeof sql<boolean>>) =>
      db.schema.createIndex(name).on('invitations').columns(columns).where(where).execute();
    await invitations('invitations_running_deadline_idx', ['deadline_at'], sql`status = 'In progress'`);
    await invitations('invitations_unscored_idx', ['id'], sql`status = 'Completed' and report_status <> 'Generated'`);
    // The status columns trail so that SQLite counts a standing over the index alone (it does not treat a
    // partial index's condition as covered).
    await invitations('invitations_scored_idx', ['test_id', 'score', 'status', 'report_status'], sql`status = 'Completed' and report_status = 'Generated'`);
    await invitations('invitations_org_completed_idx', ['org_id', 'completed_at'], sql`completed_at is not null`);
    await invitations('invitations_org_cancelled_idx', ['org_id', 'cancelled_at'], sql`cancelled_at is not null`);
  },
});
