import { findTimeZone, inviterOf, linkEmailNamesInviter, linkEmailReasonOf, windowClosesAt, windowFromStored, type Job } from '@assay/domain';
import type { Store } from '@assay/store';
import { contactLine, renderCandidateLinkEmail } from '../email/candidate-link-email.js';
import type { Mailer } from '../email/mailer.js';
import { orgReplyTo } from '../email/org-reply-to.js';
import type { JobHandler } from '../outbox-worker.js';
import { sendRecorded } from './send-recorded.js';

export interface LinkEmailDeps {
  store: Store;
  mailer: Mailer;
  /** Builds the take-test URL of a token (the server's `ASSAY_PUBLIC_URL` + `/t/…`). */
  takeTestUrl: (token: string) => string;
  now: () => number;
}

/**
 * Sends a candidate their own link (self-registration with an address already registered, Greenhouse's send_test, a
 * bulk row, a single invitation or a reattempt): never to anyone else. The org's own invitations name the person who
 * made them (decisions 825, 826).
 */
export const linkEmailHandler =
  (deps: LinkEmailDeps): JobHandler =>
  async (job: Job) => {
    if (job.invitationId === null) return { kind: 'dead', error: 'a link email without an invitation' };
    const [context, org] = await Promise.all([deps.store.attempts.findById(job.invitationId), deps.store.orgs.find(job.orgId)]);
    if (!context || !org) return { kind: 'dead', error: 'the invitation no longer exists' };
    const { link } = context;
    const reason = linkEmailReasonOf(job.payload);
    // Who invited, read as the email is sent (decision 825): a job queued by an earlier build, without it, names them too.
    const inviter = linkEmailNamesInviter(reason) ? inviterOf(await deps.store.history.maker(job.orgId, job.invitationId)) : null;
    const linkWindow = link ? windowFromStored(link.accessTime, link.startDateTime, link.endDateTime) : undefined;
    const email = renderCandidateLinkEmail({
      orgName: org.displayName ?? org.name,
      testName: context.test.name,
      status: context.invitation.status,
      takeTestUrl: deps.takeTestUrl(context.invitation.token),
      reason,
      // The earlier of the link's window end and the invitation's expiry, said in the link's zone, else the org's (decision 782).
      closesAt: windowClosesAt({ expiresAt: context.invitation.expiresAt, linkWindow }),
      zone: findTimeZone(link?.timeZoneId ?? org.timeZoneId)?.iana,
      contact: contactLine(org),
      inviter,
    });
    // The stored address, never anything a registrant typed: the job only names the invitation.
    return sendRecorded(deps, job, { to: context.candidate.email, ...email, replyTo: await orgReplyTo(deps.store, org) });
  };
