import { match } from 'ts-pattern';
import type { InvitationStatus } from '../invitation-status.js';
import { ok, refuse, type Result } from '../result.js';

/**
 * iMocha v3's invitation tables (issue 52, rows 5–8) over the invitation's facts, on the same invitations v2 moves: the
 * v2 machine (`moveInvitation`) still makes every move; these say what a v3 request asks of it and what v3 refuses.
 */
export interface V3InvitationFacts {
  readonly status: InvitationStatus;
  /** Its own expiry or its link's period has passed: v3 calls a not-started invitation "Expired". */
  readonly accessEnded: boolean;
}

/**
 * What inviting an address the test already invited does (v3's re-invite table). `renew`: the same invitation, Pending
 * again, with the request's access time (v3's Pending and Expired rows, and Assay's Reset). `follow`: v3's Cancelled row —
 * a new Pending invitation follows the cancelled one, as v2's registration does (decision 899). `as-is`: Complete, Test
 * Left, Terminated and In Progress answer the invitation as it stands.
 */
export type V3Reinvite = 'renew' | 'follow' | 'as-is';

export const v3ReinviteOf = (status: InvitationStatus): V3Reinvite =>
  match(status)
    .with('Pending', 'Reset', () => 'renew' as const)
    .with('Cancelled', () => 'follow' as const)
    .with('In progress', 'Completed', () => 'as-is' as const)
    .exhaustive();

export const V3_REATTEMPT_IN_PROGRESS = 'Reattempt is not allowed for a test invitation in inprogress state.';
export const V3_CANCEL_REFUSED = 'Testinvitation state in inprogress, complete, and expired can not be cancelled.';

/**
 * What v3's reattempt does to an invitation (iMocha's reattempt table, decision 1023). `reattempt`: a finished attempt
 * (Complete, Test Left, Terminated — all Completed to the machine) gets a new invitation; `renew`: one not started
 * (Pending, Assay's Reset, Expired) is the same invitation with the request's access time, Pending again; `follow`: a
 * cancelled one is followed by a new Pending invitation, as v3's re-invite follows it (decision 899). In Progress is
 * refused in v3's words (400.57).
 */
export type V3ReattemptWay = 'reattempt' | 'renew' | 'follow';

export const decideV3Reattempt = (facts: V3InvitationFacts): Result<V3ReattemptWay> =>
  match(facts.status)
    .with('Completed', () => ok('reattempt' as const))
    .with('In progress', () => refuse<V3ReattemptWay>('reattempt-not-allowed', V3_REATTEMPT_IN_PROGRESS))
    .with('Pending', 'Reset', () => ok('renew' as const))
    .with('Cancelled', () => ok('follow' as const))
    .exhaustive();

/**
 * v3's cancel: Pending only (Assay's Reset is not started either); an expired, started or finished invitation is refused
 * in v3's words. Cancelling a cancelled invitation answers as the first time did: requests get retried.
 */
export const decideV3Cancel = (facts: V3InvitationFacts): Result<'cancel'> =>
  match(facts.status)
    .with('Pending', 'Reset', () => (facts.accessEnded ? refuse<'cancel'>('cancel-not-allowed', V3_CANCEL_REFUSED) : ok('cancel' as const)))
    .with('Cancelled', () => ok('cancel' as const))
    .with('In progress', 'Completed', () => refuse<'cancel'>('cancel-not-allowed', V3_CANCEL_REFUSED))
    .exhaustive();
