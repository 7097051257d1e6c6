import { unsubscribeToken, unsubscribeUrl } from '@assay/delivery';
import { type Job, expiryNoteStillTrue, inviterOf, reminderStillWanted, takeTestUrl, undatedReminderStillWanted, windowClosesAt } from '@assay/domain';
import type { Store } from '@assay/store';
import { contactLine } from '../email/candidate-link-email.js';
import { whomToAsk } from '../email/inviter-lines.js';
import type { Mailer } from '../email/mailer.js';
import { orgReplyTo } from '../email/org-reply-to.js';
import { renderExpiryNote, renderReminderEmail } from '../email/reminder-email.js';
import type { JobHandler } from '../outbox-worker.js';
import { sendRecorded } from './send-recorded.js';

export interface ReminderDeps {
  store: Store;
  mailer: Mailer;
  publicUrl: string;
  /** The service-wide signing key (the report-URL key): unsubscribe tokens are signed with it under their own prefix. */
  signingKey: () => Promise<string>;
  now: () => number;
}

const positiveInteger = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0);

/**
 * What a reminder job was queued for: the hours before the close, or the days after an invitation without any
 * deadline (decision 1396); 0 when unreadable (the email then says nothing of hours it does not know).
 */
const queuedFor = (payload: string | null): { hours: number; afterDays: number } => {
  try {
    const parsed = JSON.parse(payload ?? 'null') as { hours?: unknown; afterDays?: unknown } | null;
    return { hours: positiveInteger(parsed?.hours), afterDays: positiveInteger(parsed?.afterDays) };
  } catch {
    return { hours: 0, afterDays: 0 };
  }
};

/**
 * A reminder to a candidate who has not started (`reminder`): decided again as it is sent (`reminderStillWanted`),
 * so one queued before the candidate started, finished, was cancelled or unsubscribed is dropped, not sent.
 */
export const reminderHandler =
  (deps: ReminderDeps): JobHandler =>
  async (job: Job) => {
    if (job.invitationId === null) return { kind: 'dead', error: 'a reminder without an invitation' };
    const subject = await deps.store.reminders.subject(job.invitationId);
    if (!subject) return { kind: 'dead', error: 'the invitation no longer exists' };
    const closesAt = windowClosesAt({ expiresAt: subject.expiresAt, linkWindow: subject.linkWindow });
    const { hours, afterDays } = queuedFor(job.payload);
    const wanted =
      afterDays > 0
        ? undatedReminderStillWanted({ status: subject.status, unsubscribed: subject.unsubscribed, closesAt })
        : closesAt !== null && reminderStillWanted({ status: subject.status, unsubscribed: subject.unsubscribed, closesAt }, deps.now());
    if (!wanted) {
      return { kind: 'gone', error: 'no longer wanted: the candidate started, finished, was cancelled or unsubscribed, or the window closed or was set' };
    }
    // Who invited and whom to ask, read as it is sent (decisions 825, 826): the sweep that queued it knows no key.
    const [maker, org] = await Promise.all([deps.store.history.maker(job.orgId, job.invitationId), deps.store.orgs.find(job.orgId)]);
    const inviter = inviterOf(maker);
    const unsubscribe = unsubscribeUrl(deps.publicUrl, unsubscribeToken(await deps.signingKey(), subject.candidateId));
    const email = renderReminderEmail({
      orgName: subject.orgName,
      testName: subject.testName,
      takeTestUrl: takeTestUrl(deps.publicUrl, subject.token),
      unsubscribeUrl: unsubscribe,
      closesAt,
      hours: closesAt === null ? 0 : hours || Math.max(1, Math.round((closesAt - deps.now()) / 3_600_000)),
      inviter,
      ask: whomToAsk(org ? contactLine(org) : null, inviter),
    });
    // The stored address, never the job's target alone: the reminder goes to the candidate of the invitation.
    const replyTo = org ? await orgReplyTo(deps.store, org) : null;
    return sendRecorded(deps, job, { to: subject.candidateEmail, ...email, unsubscribeUrl: unsubscribe, replyTo });
  };

/** The note to the stakeholder when an invitation expired unstarted (`reminder_expired`), unless it was started or cancelled since. */
export const expiryNoteHandler =
  (deps: Omit<ReminderDeps, 'signingKey' | 'publicUrl'>): JobHandler =>
  async (job: Job) => {
    if (job.invitationId === null) return { kind: 'dead', error: 'an expiry note without an invitation' };
    const subject = await deps.store.reminders.subject(job.invitationId);
    if (!subject) return { kind: 'dead', error: 'the invitation no longer exists' };
    const closedAt = windowClosesAt({ expiresAt: subject.expiresAt, linkWindow: subject.linkWindow });
    if (closedAt === null || !expiryNoteStillTrue(subject.status)) return { kind: 'gone', error: 'the invitation was started or cancelled since' };
    const email = renderExpiryNote({
      orgName: subject.orgName,
      testName: subject.testName,
      candidateName: subject.candidateName,
      candidateEmail: subject.candidateEmail,
      testInvitationId: subject.invitationId,
      closedAt,
    });
    return sendRecorded(deps, job, { to: job.target, ...email });
  };
