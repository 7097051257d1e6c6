import type { AssayClient, CallOptions, CandidateInput } from '@assay/client';
import type { InvitationStatus } from '@assay/domain/invitations';
import type { LinkRegistration, Registration } from '@assay/domain/schemas';
import { match } from 'ts-pattern';
import { answeredUrl, type CheckedUrl } from '../format/checked-url.js';
import { offeredMoves } from '../tui/state/invitation-moves.js';

/** A registration and the state of the invitation it answered. */
export interface RegistrationOutcome {
  /** The server's answer as it came (what `--json` prints). */
  answer: Registration | LinkRegistration;
  testInvitationId: number;
  url: CheckedUrl;
  status: InvitationStatus;
}

/**
 * Registers a candidate directly (4.7) or through a link (4.8). A registration of an email the test already has
 * answers that candidate's latest invitation and URL (decision 21), whatever its state: a completed invitation's URL
 * no longer starts the test, and the recruiter is offered a reattempt instead (see `reattemptInstead`). Assay's
 * answer says the state (`testStatus`, decision 215); another v2 server's does not, and then the report (4.11) is asked.
 */
export const registerCandidate = async (
  client: AssayClient,
  testId: number,
  testLinkId: number | undefined,
  candidate: CandidateInput,
  options?: CallOptions,
): Promise<RegistrationOutcome> => {
  const answer =
    testLinkId === undefined
      ? await client.invitations.register(testId, candidate, options)
      : await client.testLinks.register(testId, testLinkId, candidate, options);
  const url = answeredUrl('takeTestURL' in answer ? answer.takeTestURL : answer.testUrl, 'take-test URL');
  const testStatus = answer.testStatus ?? (await client.reports.get(answer.testInvitationId, options)).testStatus;
  return { answer, testInvitationId: answer.testInvitationId, url, status: testStatus };
};

/** The invitation is over but may be taken again: what the domain's state machine allows is a reattempt (Completed). */
export const reattemptInstead = (status: InvitationStatus): boolean => offeredMoves(status).includes('reattempt');

/**
 * Whether the answered invitation reads as this registration's own: a Pending one has not been started, so its URL is
 * handed out as new; any other state was the candidate's before (`alreadyRegistered`).
 */
export const readsAsNew = (status: InvitationStatus): boolean =>
  match(status)
    .with('Pending', () => true)
    .with('In progress', 'Completed', 'Reset', 'Cancelled', () => false)
    .exhaustive();

/** `already registered (In progress)`: the candidate had this invitation before this registration. */
export const alreadyRegistered = (status: InvitationStatus): string => `already registered (${status})`;
