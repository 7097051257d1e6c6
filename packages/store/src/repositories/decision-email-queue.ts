import type { Kysely } from 'kysely';
import type { DecisionEmailKind } from '@assay/domain';
import type { Database } from '../database.js';
import { recordHistory } from './invitation-history.js';
import { insertJob } from './job-inserts.js';

/** Who queues or withdraws (a key) and when: the moment the decision or the cancellation was made. */
interface By {
  readonly keyId: number;
  readonly at: number;
}

const emailOf = (payload: string | null): DecisionEmailKind | undefined => {
  try {
    const email = (JSON.parse(payload ?? 'null') as { email?: unknown } | null)?.email;
    return email === 'rejected' || email === 'advanced' || email === 'cancelled' ? email : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The decision emails of an invitation still waiting for their undo window to pass (pending, not leased by a worker
 * sending them now): what a change of the decision withdraws (issue 61 item 1, decision 1451).
 */
const waiting = (db: Kysely<Database>, invitationId: number, now: number) =>
  db
    .selectFrom('jobs')
    .select(['id', 'payload'])
    .where('invitation_id', '=', invitationId)
    .where('kind', '=', 'decision_email')
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .execute();

/** Withdraws the waiting emails of `kinds`, each with a `decision-email` history entry: nothing is sent for them. */
export const withdrawDecisionEmails = async (db: Kysely<Database>, invitationId: number, kinds: readonly DecisionEmailKind[], by: By): Promise<void> => {
  for (const job of await waiting(db, invitationId, by.at)) {
    const email = emailOf(job.payload);
    if (email === undefined || !kinds.includes(email)) continue;
    const withdrawn = await db
      .updateTable('jobs')
      .set({ status: 'gone', last_error: 'withdrawn: the decision changed within the undo window', updated_at: by.at })
      .where('id', '=', job.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(withdrawn.numUpdatedRows) === 1) {
      await recordHistory(
        db,
        invitationId,
        { kind: 'decision-email', details: { change: 'withdrawn', email, jobId: Number(job.id), subject: null } },
        by,
        by.at,
      );
    }
  }
};

/**
 * Queues one decision email, due when the undo window has passed, unless the same email already waits (a repeated
 * request queues nothing twice). Its target is the candidate's address as it stands now; the worker reads it again.
 */
export const queueDecisionEmail = async (
  db: Kysely<Database>,
  target: { readonly orgId: number; readonly invitationId: number },
  email: DecisionEmailKind,
  by: By,
  delayMs: number,
): Promise<void> => {
  const already = await waiting(db, target.invitationId, by.at);
  if (already.some((job) => emailOf(job.payload) === email)) return;
  const candidate = await db
    .selectFrom('invitations')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
    .select('candidates.email')
    .where('invitations.id', '=', target.invitationId)
    .executeTakeFirstOrThrow();
  const job = await insertJob(
    db,
    { orgId: target.orgId, invitationId: target.invitationId, kind: 'decision_email', target: candidate.email, payload: JSON.stringify({ email }) },
    by.at,
    by.at + delayMs,
  );
  await recordHistory(db, target.invitationId, { kind: 'decision-email', details: { change: 'queued', email, jobId: job.id, subject: null } }, by, by.at);
};
