import { type DecisionEmailKind, type Job, decisionEmailKinds, decisionEmailMessage, decisionEmailStillTrue } from '@assay/domain';
import type { Store } from '@assay/store';
import type { Mailer } from '../email/mailer.js';
import type { JobHandler } from '../outbox-worker.js';
import { sendRecorded } from './send-recorded.js';

export interface DecisionEmailDeps {
  store: Store;
  mailer: Mailer;
  now: () => number;
}

const queuedEmail = (payload: string | null): DecisionEmailKind | undefined => {
  try {
    const email = (JSON.parse(payload ?? 'null') as { email?: unknown } | null)?.email;
    return decisionEmailKinds.find((kind) => kind === email);
  } catch {
    return undefined;
  }
};

/**
 * Tells a candidate of a decision or a cancellation once the undo window has passed (issue 61 item 1, decisions
 * 1451, 1452): decided again as it is sent, so an email whose decision changed meanwhile (without being withdrawn,
 * e.g. by an older build) is dropped; written from the org's templates as they stand, with its Reply-To; the history
 * says which email went and its subject.
 */
export const decisionEmailHandler =
  (deps: DecisionEmailDeps): JobHandler =>
  async (job: Job) => {
    const email = queuedEmail(job.payload);
    if (job.invitationId === null || email === undefined) return { kind: 'dead', error: 'a decision email without its invitation or kind' };
    const subject = await deps.store.candidateDecisions.emailSubject(job.invitationId);
    if (!subject || subject.orgId !== job.orgId) return { kind: 'dead', error: 'the invitation no longer exists' };
    if (!decisionEmailStillTrue(email, subject)) return { kind: 'gone', error: `no longer true: the ${email} email's decision changed before it was sent` };
    const settings = await deps.store.orgs.decisionEmails(job.orgId);
    const message = decisionEmailMessage(
      settings,
      email,
      { address: subject.candidateEmail, contactEmail: subject.contactEmail },
      { candidateName: subject.candidateName, testName: subject.testName, orgName: subject.orgName },
    );
    const outcome = await sendRecorded(deps, job, {
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
    });
    if (outcome.kind === 'done') {
      await deps.store.history.record(
        job.invitationId,
        { kind: 'decision-email', details: { change: 'sent', email, jobId: job.id, subject: message.subject } },
        'system',
        deps.now(),
      );
    }
    return outcome;
  };
