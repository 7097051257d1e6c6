import { RESEND_INTERVAL_MS, decideResend, windowFromStored, type Invitation } from '@assay/domain';
import type { Repositories } from '@assay/store';
import { refusal, unwrap } from '../refusal-error.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Queues an email of the invitation's current link, if the domain lets it (`decideResend`: takeable, not expired,
 * within the limits), through the repositories it is given, so the resend route and the expiry route's extend-and-resend
 * (decision 1393) run it in their own transaction.
 */
export const resendLink = async (repositories: Repositories, invitation: Invitation, at: number): Promise<void> => {
  const link = invitation.testLinkId === null ? undefined : await repositories.testLinks.find(invitation.orgId, invitation.testId, invitation.testLinkId);
  const linkWindow = link && windowFromStored(link.accessTime, link.startDateTime, link.endDateTime);
  const sentAt = await repositories.jobs.linkEmailTimes(invitation.id, at - DAY_MS);
  unwrap(decideResend({ status: invitation.status, expiresAt: invitation.expiresAt, linkWindow, sentAt, now: at }));
  // Another request queued one in between: the same refusal the rule gives.
  if (!(await repositories.jobs.enqueueLinkEmail(invitation, at, 'invitation'))) {
    throw refusal('resent-too-recently', 'The candidate was emailed a moment ago; try again later.', RESEND_INTERVAL_MS / 1000);
  }
};
