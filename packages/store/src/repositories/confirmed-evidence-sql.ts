import { type SqlBool, sql } from 'kysely';

/**
 * An invitation whose integrity evidence a reviewer confirmed (decision 765): a review that is the latest of its piece
 * (no later review of the same evidence id) says `confirmed`, and was made during the current attempt (at or after its
 * start: a reset clears the evidence and its next start comes later, so earlier reviews name nothing shown). A seek on
 * the reviews of one invitation, for the rows the test's index found.
 */
export const CONFIRMED_EVIDENCE = sql<SqlBool>`exists (select 1 from evidence_reviews as latest
  where latest.invitation_id = invitations.id and latest.outcome = 'confirmed'
  and invitations.started_at is not null and latest.reviewed_at >= invitations.started_at
  and not exists (select 1 from evidence_reviews as later
    where later.invitation_id = latest.invitation_id and later.event_id = latest.event_id and later.id > latest.id))`;
