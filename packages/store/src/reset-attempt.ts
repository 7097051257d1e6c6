import { moveInvitation, type InvitationMove, type Result } from '@assay/domain';
import type { InvitationRow } from './database.js';
import type { Store } from './store.js';

/**
 * Reset: an attempt in progress or completed starts over with the same URL. The invitation forgets its
 * start, deadline, score and proctoring, and its answers, section scores and snapshots are deleted.
 */
export const resetAttempt = async (
  store: Pick<Store, 'invitations' | 'attempts'>,
  orgId: number,
  invitationId: number,
  now: number,
): Promise<{ row: InvitationRow; move: Result<InvitationMove> } | undefined> => {
  const outcome = await store.invitations.transition(
    orgId,
    invitationId,
    (row) => moveInvitation(row.status, { type: 'reset' }),
    now,
    (row, move) =>
      row.status === move.next
        ? {}
        : {
            started_at: null,
            deadline_at: null,
            completed_at: null,
            left_at: null,
            left_on_unload: 0,
            score: 0,
            time_taken: 0,
            window_violations: 0,
            time_violation_seconds: 0,
            report_status: 'Pending',
          },
  );
  if (outcome?.move.val?.effect === 'clearAttempt') await store.attempts.clearAttempt(outcome.row.id);
  return outcome;
};
