import { moveInvitation, type InvitationStatus } from '@assay/domain';

export type InvitationMoveName = 'cancel' | 'reattempt';

const MOVES: readonly InvitationMoveName[] = ['cancel', 'reattempt'];

/**
 * The moves the domain's invitation state machine allows from `status` that change something: a cancel of
 * an already cancelled invitation is allowed (idempotent) but pointless, so it is not offered.
 */
export const offeredMoves = (status: InvitationStatus): InvitationMoveName[] =>
  MOVES.filter((move) => {
    const result = moveInvitation(status, { type: move });
    return result.val !== undefined && (result.val.next !== status || result.val.effect !== 'none');
  });

export const moveQuestion = (move: InvitationMoveName, testInvitationId: number): string =>
  move === 'cancel'
    ? `Cancel invitation ${testInvitationId}? The candidate's link stops working.`
    : `Create a new attempt for invitation ${testInvitationId}? The candidate gets a new link.`;
