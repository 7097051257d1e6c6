import { linkEmailReasonOf, windowClosesAt, type Job } from '@assay/domain';
import type { Store } from '@assay/store';
import { renderCandidateLinkEmail } from '../email/candidate-link-email.js';
import type { Mailer } from '../email/mailer.js';
import type { JobHandler } from '../outbox-worker.js';
import { sendRecorded } from './send-recorded.js';

export interface LinkEmailDeps {
  store: Store;
  mailer: Mailer;
  /** Builds the take-test URL of a token (the server's `ASSAY_PUBLIC_URL` + `/t/…`). */
  takeTestUrl: (token: string) => string;
  now: () => number;
}

/** Sends a candidate their own link (self-registration with an address already registered, or Greenhouse's send_test): never to anyone else. */
export const linkEmailHandler =
  (deps: LinkEmailDeps): JobHandler =>
  async (job: Job) => {
    if (job.invitationId === null) return { kind: 'dead', error: 'a link email without an invitation' };
    const [context, org] = await Promise.all([deps.store.attempts.findById(job.invitationId), deps.store.orgs.find(job.orgId)]);
    if (!context || !org) return { kind: 'dead', error: 'the invitation no longer exists' };
    const email = renderCandidateLinkEmail({
      orgName: org.name,
      testName: context.test.name,
      status: context.invitation.status,
      takeTestUrl: deps.takeTestUrl(context.invitation.token),
      reason: linkEmailReasonOf(job.payload),
      // Without a link the window is the invitation's own expiry; a link's own window is left to its page to tell.
      closesAt: context.link ? null : windowClosesAt({ expiresAt: context.invitation.expiresAt }),
    });
    // The stored address, never anything a registrant typed: the job only names the invitation.
    return sendRecorded(deps, job, { to: context.candidate.email, ...email });
  };
