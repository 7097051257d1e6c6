import {
  decideInvitationExpiry,
  invitationEmailWanted,
  moveInvitation,
  type InvitationEvent,
  type InvitationFacts,
  type InvitationStanding,
  type InvitationStatus,
} from '@assay/domain/invitations';
import type { ExtendInput } from './extend-input.js';

/**
 * `erase` is not a move of the invitation machine: an admin key's erasure of the candidate's data (issue 51), offered by
 * role. `renew` is an extend that also emails the link again, in one call (decision 1393): an expired invitation's resend.
 */
export type InvitationMoveName = 'cancel' | 'reattempt' | 'resend' | 'extend' | 'renew' | 'erase';

/** Where an extension's typed date is read: the zone of the link the invitation came through (UTC without one). */
export interface LinkOfInvitation {
  testId: number;
  testLinkId: number;
}

/**
 * A move to confirm (cancel, reattempt, resend) or run as typed (extend), on one invitation. `testId` scopes a cancel,
 * as 4.9 allows; `extend` and `link` are an extension's.
 */
export interface MoveRequest {
  move: InvitationMoveName;
  testInvitationId: number;
  testId?: number;
  extend?: ExtendInput;
  /** The link the invitation came through (null: none); left out, it is looked up by `lookup` when a date is typed. */
  link?: LinkOfInvitation | null;
  /** A cancel that also emails the candidate the org's cancellation template (`e` at its confirmation, issue 61 item 1). */
  notify?: boolean;
  /** Where to find the invitation's row (the report knows its test and the candidate's email, not the link). */
  lookup?: { testId: number; q: string };
}

const MOVES: readonly ('cancel' | 'reattempt')[] = ['cancel', 'reattempt'];

/** Whether cancel or reattempt is allowed depends on the status alone; the instant only stamps the effect. */
const eventOf = (move: 'cancel' | 'reattempt'): InvitationEvent => (move === 'cancel' ? { type: 'cancel', at: 0 } : { type: 'reattempt' });
const factsOf = (status: InvitationStatus): InvitationFacts => ({ status, deadline: null, proctoring: { wv: 0, tv: 0, leftAt: null } });

/**
 * The moves offered on a row that reads Expired (decision 1390): its stored status is Pending or Reset, either of which
 * cancels and extends the same; a resend would email a dead link (409.50), so renew (extend and resend) stands in for it.
 */
const EXPIRED_MOVES: readonly InvitationMoveName[] = ['cancel', 'extend', 'renew'];

/**
 * The moves the domain allows from `status` that change something: cancel and reattempt as its invitation state machine
 * says (a cancel of an already cancelled invitation is allowed but pointless, so not offered); resend while the
 * candidate can still open the link (else 409.50); extend while not started (else 403.4). The server's rate limit of
 * resend (429.50) depends on earlier emails the row does not carry: its refusal is shown as it comes.
 */
export const offeredMoves = (standing: InvitationStanding): InvitationMoveName[] => (standing === 'Expired' ? [...EXPIRED_MOVES] : offeredByStatus(standing));

const offeredByStatus = (status: InvitationStatus): InvitationMoveName[] => [
  ...MOVES.filter((move) => {
    const result = moveInvitation(factsOf(status), eventOf(move));
    return result.val !== undefined && (result.val.next !== status || result.val.effect.kind !== 'none');
  }),
  ...(invitationEmailWanted(status) ? (['resend'] as const) : []),
  ...(decideInvitationExpiry(status, null, 0).err === undefined ? (['extend'] as const) : []),
];

export const moveQuestion = (move: InvitationMoveName, testInvitationId: number): string => {
  switch (move) {
    case 'cancel':
      return `Cancel invitation ${testInvitationId}? The candidate's link stops working; e also emails them.`;
    case 'reattempt':
      return `Create a new attempt for invitation ${testInvitationId}? It has a new link, emailed to the candidate only if their first invitation was.`;
    case 'resend':
      return `Email invitation ${testInvitationId}'s link to the candidate again?`;
    case 'extend':
      return `Extend invitation ${testInvitationId}?`;
    case 'renew':
      return `Extend invitation ${testInvitationId} and email its link to the candidate again?`;
    case 'erase':
      return `Erase invitation ${testInvitationId}'s candidate: name, email, answers, code, snapshots and notes? This cannot be undone; the scores stay as "Erased candidate".`;
  }
};
