import { moveInvitation, type InvitationFacts, type InvitationMove } from '../invitation-status.js';
import { ok, type Result } from '../result.js';
import { answerGraceOf } from './attempt-gate.js';
import { isAttemptRunning } from './attempt-status-rules.js';

/**
 * The latest deadline an attempt may have to be due to expire at `now`: its time is up and the grace for answers
 * made before the deadline has passed too (decision 66). The deadline sweeper asks the store for the running
 * attempts whose deadline is at or before it.
 */
export const expiryCutoff = (graceMs: number, now: number): number => now - answerGraceOf(graceMs);

/**
 * The one rule for when a running attempt completes without its candidate: the candidate API checks it on every
 * request and the worker's deadline sweep for attempts nobody comes back to; both then move the invitation with
 * `expire`.
 */
export const dueToExpire = (invitation: Pick<InvitationFacts, 'status' | 'deadline'>, graceMs: number, now: number): boolean =>
  isAttemptRunning(invitation.status) && invitation.deadline !== null && invitation.deadline <= expiryCutoff(graceMs, now);

/**
 * The expiry as a move, decided on the invitation as it stands when the move lands: an attempt submitted, reset or
 * started again since it was found overdue is left as it is.
 */
export const expireIfDue = (invitation: InvitationFacts, graceMs: number, at: number): Result<InvitationMove> =>
  dueToExpire(invitation, graceMs, at) ? moveInvitation(invitation, { type: 'expire', at }) : ok({ next: invitation.status, effect: { kind: 'none' } });
