import { decideGreenhouseSend, greenhouseEmailsLink, type Invitation } from '@assay/domain';
import type { Repositories, Store } from '@assay/store';
import { registerCandidate } from '@assay/store';

/** One send_test, as the route read it: who sends, which test, to whom, for which application, PATCHed where. */
export interface GreenhouseSend {
  readonly orgId: number;
  readonly keyId: number;
  readonly testId: number;
  readonly applicationId: string;
  readonly email: string;
  readonly fullName: string;
  readonly callbackUrl: string;
}

/** The invitation the send stands for: registered (first send, or after a cancel), or the interview's own. */
const invitationOf = async (repositories: Repositories, send: GreenhouseSend, now: number): Promise<Invitation> => {
  const interview = await repositories.greenhouse.interviewOf(send.orgId, send.applicationId, send.testId);
  if (interview && decideGreenhouseSend(interview) === 'keep') {
    const kept = await repositories.invitations.find(send.orgId, interview.invitationId);
    if (kept) return kept;
  }
  const registration = {
    orgId: send.orgId,
    testId: send.testId,
    testLinkId: null,
    emailId: send.email,
    fullName: send.fullName,
    callbackURL: undefined,
    redirectURL: undefined,
  };
  const { invitation } = await registerCandidate(repositories, registration, now, { keyId: send.keyId }, 'greenhouse');
  return invitation;
};

/**
 * Carries out a send_test in one transaction (decision 454): the invitation (`decideGreenhouseSend`), the interview
 * naming it and the PATCH URL of this send, and the candidate's email through the outbox (`link_email`, reason
 * greenhouse) while the test can be taken (`greenhouseEmailsLink`; at most one per LINK_EMAIL_INTERVAL_MS). Answers the
 * interview's id: the same for the same application and test, however often sent.
 */
export const sendGreenhouseTest = (store: Store, send: GreenhouseSend, now: number): Promise<number> =>
  store.transaction(async (repositories) => {
    const invitation = await invitationOf(repositories, send, now);
    const interviewId = await repositories.greenhouse.saveInterview(
      { orgId: send.orgId, applicationId: send.applicationId, testId: send.testId, invitationId: invitation.id, callbackUrl: send.callbackUrl },
      now,
    );
    if (greenhouseEmailsLink(invitation.status)) await repositories.jobs.enqueueLinkEmail(invitation, now, 'greenhouse');
    return interviewId;
  });
