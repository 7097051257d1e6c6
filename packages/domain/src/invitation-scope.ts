import { moveInvitation, type InvitationEvent, type InvitationFacts, type InvitationMove } from './invitation-status.js';
import { refuse, type Result } from './result.js';

/** Which invitation an org's request names: its id, and the test it must be on when the request says which. */
export interface InvitationScope {
  readonly invitationId: number;
  readonly testId?: number | undefined;
}

/** An id the org does not have, or one not on the test the request names: 404.4 alike (tenant isolation). */
export const invitationNotFound = ({ invitationId, testId }: InvitationScope): Result<never> =>
  refuse('invitation-not-found', testId === undefined ? `No test invitation ${invitationId}.` : `No test invitation ${invitationId} on test ${testId}.`);

/**
 * An org's move on an invitation: an invitation on another test than the one named is not found (the request
 * names no such invitation), whatever its state; otherwise the invitation machine decides.
 */
export const moveScopedInvitation = (
  invitation: InvitationFacts & { readonly testId: number },
  scope: InvitationScope,
  event: InvitationEvent,
): Result<InvitationMove> => (scope.testId !== undefined && invitation.testId !== scope.testId ? invitationNotFound(scope) : moveInvitation(invitation, event));
