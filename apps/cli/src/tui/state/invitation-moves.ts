import { moveInvitation, type InvitationEvent, type InvitationFacts, type InvitationStatus } from '@assay/domain/invitations';

export type InvitationMoveName = 'cancel' | 'reattempt';

/** A cancel or reattempt to confirm and run (`testId` scopes a cancel, as 4.9 allows). */
export interface MoveRequest {
  move: InvitationMoveName;
  testInvitationId: number;
  testId?: number;
}

const MOVES: readonly InvitationMoveName[] = ['cancel', 'reattempt'];

/** Whether cancel or reattempt is allowed depends on the status alone; the instant only stamps the effect. */
const eventOf = (move: InvitationMoveName): InvitationEvent => (move === 'cancel' ? { type: 'cancel', at: 0 } : { type: 'reattempt' });
const factsOf = (status: InvitationStatus): InvitationFacts => ({ status, deadline: null, proctoring: { wv: 0, tv: 0, leftAt: null } });

/**
 * The moves the domain's invitation state machine allows from `status` that change something: a cancel of
 * an already cancelled invitation is allowed (idempotent) but pointless, so it is not offered.
 */
export const offeredMoves = (status: InvitationStatus): InvitationMoveName[] =>
  MOVES.filter((move) => {
    const result = moveInvitation(factsOf(status), eventOf(move));
    return result.val !== undefined && (result.val.next !== status || result.val.effect.kind !== 'none');
  });

export const moveQuestion = (move: InvitationMoveName, testInvitationId: number): string =>
  move === 'cancel'
    ? `Cancel invitation ${testInvitationId}? The candidate's link stops working.`
    : `Create a new attempt for invitation ${testInvitationId}? It has a new link, emailed to the candidate only if their first invitation was.`;
