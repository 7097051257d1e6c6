import type { Transaction, Updateable } from 'kysely';
import { match } from 'ts-pattern';
import type { InvitationEffect } from '@assay/domain';
import type { Database, InvitationRow, InvitationsTable } from './database.js';
import type { JobsRepository } from './jobs.js';
import { proctoringColumns } from './records.js';

export type NewToken = () => string;

/** An attempt with nothing done yet: what a new invitation, a start and a reset write. */
export const FRESH_ATTEMPT = {
  report_status: 'Pending',
  score: 0,
  time_taken: 0,
  started_at: null,
  completed_at: null,
  deadline_at: null,
  ...proctoringColumns({ wv: 0, tv: 0, leftAt: null }),
} as const satisfies Updateable<InvitationsTable>;

/** The columns a move's effect writes along with the new status. */
export const columnsOf = (effect: InvitationEffect): Updateable<InvitationsTable> =>
  match(effect)
    .with({ kind: 'none' }, { kind: 'createReattempt' }, () => ({}))
    .with({ kind: 'cancel' }, ({ cancelledAt }) => ({ cancelled_at: cancelledAt }))
    .with({ kind: 'startAttempt' }, ({ startedAt, deadline }) => ({ ...FRESH_ATTEMPT, started_at: startedAt, deadline_at: deadline }))
    .with({ kind: 'completeAttempt' }, ({ completedAt, proctoring }) => ({
      completed_at: completedAt,
      ...proctoringColumns({ ...proctoring, leftAt: null, unloading: false }),
      report_status: 'Pending' as const,
    }))
    .with({ kind: 'clearAttempt' }, () => FRESH_ATTEMPT)
    .exhaustive();

export interface MoveDeps {
  jobs: JobsRepository;
  newToken: NewToken;
  now: number;
}

/**
 * What a move does beyond its row, in the same transaction: the one place an effect touches other tables.
 * Answers the new invitation a reattempt creates.
 */
export const applySideEffects = (
  trx: Transaction<Database>,
  moved: InvitationRow,
  effect: InvitationEffect,
  deps: MoveDeps,
): Promise<InvitationRow | undefined> =>
  match(effect)
    .with({ kind: 'none' }, { kind: 'cancel' }, { kind: 'startAttempt' }, async () => undefined)
    // Scoring and the announcements are queued with the completion: a crash cannot lose them.
    .with({ kind: 'completeAttempt' }, async () => {
      await deps.jobs.enqueueCompletion(trx, moved, deps.now);
      return undefined;
    })
    .with({ kind: 'clearAttempt' }, async () => {
      await trx.deleteFrom('answers').where('invitation_id', '=', moved.id).execute();
      await trx.deleteFrom('section_results').where('invitation_id', '=', moved.id).execute();
      await trx.deleteFrom('snapshots').where('invitation_id', '=', moved.id).execute();
      for (const table of ['question_results', 'attempt_events', 'sample_runs'] as const) {
        await trx.deleteFrom(table).where('invitation_id', '=', moved.id).execute();
      }
      return undefined;
    })
    .with({ kind: 'createReattempt' }, () => createReattempt(trx, moved, deps.newToken, deps.now))
    .exhaustive();

/** A new attempt after a completed one; reattempting the same invitation twice answers the same new one. */
const createReattempt = async (trx: Transaction<Database>, previous: InvitationRow, newToken: NewToken, now: number): Promise<InvitationRow> => {
  const existing = await reattemptOf(trx, previous.id);
  if (existing) return existing;
  const latest = await latestAttempt(trx, previous.candidate_id);
  await trx
    .insertInto('invitations')
    .values({
      org_id: previous.org_id,
      test_id: previous.test_id,
      candidate_id: previous.candidate_id,
      test_link_id: previous.test_link_id,
      attempt_no: (latest?.attempt_no ?? previous.attempt_no) + 1,
      previous_invitation_id: previous.id,
      token: newToken(),
      ...newInvitationColumns(now),
      // The accommodation is the candidate's: it carries over to a new attempt.
      extra_time_percent: previous.extra_time_percent,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const created = await reattemptOf(trx, previous.id);
  if (!created) throw new Error(`reattempt of invitation ${previous.id} was not stored`);
  return created;
};

/** A fresh invitation's own columns. */
export const newInvitationColumns = (now: number) => ({
  ...FRESH_ATTEMPT,
  status: 'Pending' as const,
  cancelled_at: null,
  created_at: now,
  updated_at: now,
});

export const latestAttempt = (trx: Transaction<Database>, candidateId: number) =>
  trx.selectFrom('invitations').selectAll().where('candidate_id', '=', candidateId).orderBy('attempt_no', 'desc').limit(1).executeTakeFirst();

const reattemptOf = (trx: Transaction<Database>, previousId: number) =>
  trx.selectFrom('invitations').selectAll().where('previous_invitation_id', '=', previousId).executeTakeFirst();
