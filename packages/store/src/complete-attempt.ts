import { closeProctoring, moveInvitation, type InvitationMove, type Result } from '@assay/domain';
import { proctoringColumns, proctoringOf } from './attempts.js';
import type { Store } from './store.js';

/**
 * Submit or deadline: the attempt completes once, its proctoring closes at the end, and — in the same
 * transaction — the jobs that score and announce it are queued. Shared by the candidate API (submit,
 * lazy expiry) and the worker's deadline sweep.
 */
export const completeAttempt = async (
  store: Pick<Store, 'invitations' | 'jobs'>,
  orgId: number,
  invitationId: number,
  event: 'submit' | 'expire',
  now: number,
): Promise<Result<InvitationMove> | undefined> => {
  const outcome = await store.invitations.transition(
    orgId,
    invitationId,
    (row) => moveInvitation(row.status, { type: event }),
    now,
    (row, move) => {
      if (row.status === move.next) return {};
      const endedAt = Math.min(now, row.deadline_at ?? now);
      const counters = closeProctoring(proctoringOf(row), endedAt);
      return { completed_at: endedAt, ...proctoringColumns(counters), report_status: 'Pending' };
    },
    (trx, moved) => store.jobs.enqueueCompletion(trx, moved, now),
  );
  return outcome?.move;
};
