import type { Kysely } from 'kysely';
import type { CandidateFeedback } from '@assay/domain';
import type { Database } from '../database.js';

/** An attempt: its invitation and the instant it started (migration 045). */
export interface FeedbackAttempt {
  readonly invitationId: number;
  readonly startedAt: number;
}

const feedbackOf = (row: { rating: number | null; text: string | null; given_at: number | string }): CandidateFeedback => ({
  rating: row.rating === null ? null : Number(row.rating),
  text: row.text,
  givenAt: new Date(Number(row.given_at)).toISOString(),
});

/** The candidate's feedback on a test, once per attempt (issue 52, migration 045, decision 967). */
export class CandidateFeedbackRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores it; false when the attempt already has feedback (the table's key decides, even for two requests at once). */
  async give(attempt: FeedbackAttempt, feedback: CandidateFeedback): Promise<boolean> {
    const inserted = await this.db
      .insertInto('candidate_feedback')
      .values({
        invitation_id: attempt.invitationId,
        attempt_started_at: attempt.startedAt,
        rating: feedback.rating,
        text: feedback.text,
        given_at: Date.parse(feedback.givenAt),
      })
      .onConflict((conflict) => conflict.columns(['invitation_id', 'attempt_started_at']).doNothing())
      .returning('invitation_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** The attempt's feedback, if given. */
  async of(attempt: FeedbackAttempt): Promise<CandidateFeedback | undefined> {
    const row = await this.db
      .selectFrom('candidate_feedback')
      .select(['rating', 'text', 'given_at'])
      .where('invitation_id', '=', attempt.invitationId)
      .where('attempt_started_at', '=', attempt.startedAt)
      .executeTakeFirst();
    return row && feedbackOf(row);
  }
}
