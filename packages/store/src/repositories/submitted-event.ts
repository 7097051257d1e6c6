import type { Kysely } from 'kysely';
import { buildSubmittedEvent } from '@assay/domain';
import type { Database } from '../database.js';
import { insertJob } from './job-inserts.js';

/**
 * The opt-in "submitted" event of a scored attempt, queued in the scoring's transaction (`attempts.saveScore`) when its
 * candidate registered a `submittedCallbackURL`: an outbox `callback` with its body prepared, as `POST /webhooks/test`
 * queues one, so it is signed with the org's secret, retried and listed in the deliveries like a completion callback,
 * and due at once (never held for the report). The same submission scored again (a retried score job) queues nothing
 * new: the body names the submission, so an equal one queued before is the same event.
 */
export const enqueueSubmittedEvent = async (db: Kysely<Database>, invitationId: number, awaitingReview: number, now: number): Promise<void> => {
  const facts = await db
    .selectFrom('invitations')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
    .select(['invitations.org_id as orgId', 'invitations.completed_at as completedAt', 'candidates.email', 'candidates.submitted_callback_url as target'])
    .where('invitations.id', '=', invitationId)
    .executeTakeFirst();
  if (!facts?.target) return;
  const payload = JSON.stringify(
    buildSubmittedEvent({ testInvitationId: invitationId, candidateEmailId: facts.email, submittedAt: facts.completedAt ?? now, awaitingReview }),
  );
  const queued = await db
    .selectFrom('jobs')
    .select('id')
    .where('invitation_id', '=', invitationId)
    .where('kind', '=', 'callback')
    .where('payload', '=', payload)
    .executeTakeFirst();
  if (queued) return;
  await insertJob(db, { orgId: facts.orgId, invitationId, kind: 'callback', target: facts.target, payload }, now);
};
