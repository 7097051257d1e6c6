import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A reset now supersedes its attempt's grades (issue 32: the new attempt's queue and report show none of them). Grades
 * a reset left current before are superseded here: a current grade whose invitation has no completion since it was
 * given (reset, and not submitted again: `completed_at` cleared; or submitted again later) was the earlier attempt's —
 * a grade is only ever given to a completed attempt, after its completion. Each is superseded at the first reset the
 * invitation's history records after the grade (migration 026 keeps every reset), else at the grade's own time, so
 * the history reads as it happened and no clock is read. Grades of attempts never reset are untouched.
 */
export const resetGradesSupersededMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`UPDATE grades SET superseded_at = COALESCE(
        (SELECT MIN(h.at) FROM invitation_history h
          WHERE h.invitation_id = grades.invitation_id AND h.kind = 'reset' AND h.at >= grades.graded_at),
        grades.graded_at)
      WHERE superseded_at IS NULL AND EXISTS (
        SELECT 1 FROM invitations i
        WHERE i.id = grades.invitation_id AND (i.completed_at IS NULL OR i.completed_at > grades.graded_at))`.execute(db);
  },
};
