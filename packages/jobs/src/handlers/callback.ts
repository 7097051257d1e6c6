import { buildCompletionCallback, buildV3Callback, REPORT_STATUS, v3StatusOf, type ReportStatus } from '@assay/domain';
import { generateWebhookSecret, signWebhook, signedReportUrl } from '@assay/delivery';
import type { Job } from '@assay/domain';
import type { Store } from '@assay/store';
import type { JobHandler } from '../outbox-worker.js';
import { deliverRecorded } from './deliver-recorded.js';
import { reportWait } from './report-wait.js';

export interface CallbackDeps {
  store: Store;
  publicUrl: string;
  reportUrlKey: () => Promise<string>;
  allowPrivate: boolean;
  now: () => number;
  /** How long to wait for scoring before looking again (the domain's `SCORING_WAIT_MS` unless set): the callback carries the final score. */
  reportWaitMs?: number;
  /** The whole exchange; 15 s unless a test needs it shorter. */
  timeoutMs?: number;
}

/** The body of a completion callback, or the report status it waits out. */
const callbackBody = async (
  deps: CallbackDeps,
  job: Job,
): Promise<{ body: string } | { wait: { invitationId: number; reportStatus: Exclude<ReportStatus, 'Generated'> } } | { dead: string }> => {
  if (job.payload !== null) return { body: job.payload };
  if (job.invitationId === null) return { dead: 'a completion callback without an invitation' };
  const [record, org, invitation] = await Promise.all([
    deps.store.reports.report(job.orgId, job.invitationId),
    deps.store.orgs.find(job.orgId),
    deps.store.invitations.find(job.orgId, job.invitationId),
  ]);
  if (!record || !org || !invitation) return { dead: 'the invitation no longer exists' };
  if (record.report.reportStatus !== REPORT_STATUS.generated) return { wait: { invitationId: job.invitationId, reportStatus: record.report.reportStatus } };
  const now = deps.now();
  const reportPdfUrl = signedReportUrl(
    deps.publicUrl,
    await deps.reportUrlKey(),
    { invitationId: record.testInvitationId, completedAt: invitation.completedAt ?? 0, generation: invitation.reportLinkGeneration },
    now,
  );
  // An invitation made through v3 gets v3's final notification (decision 917); every other, the spec's callback as before.
  if (invitation.interface === 'v3') {
    const context = await deps.store.v3Callbacks.callbackContextOf(job.orgId, job.invitationId);
    if (!context) return { dead: 'the invitation no longer exists' };
    const payload = buildV3Callback({
      testInvitationId: record.testInvitationId,
      candidateEmail: record.report.emailId,
      startedAt: invitation.startedAt ?? invitation.completedAt ?? now,
      timeZone: context.timeZone,
      verdictBands: context.verdictBands,
      practiceTest: context.practiceTest,
      status: v3StatusOf({ status: invitation.status, endReason: invitation.endReason, accessEnded: false }),
      totalScore: Number(record.report.totalScore),
      candidateScore: Number(record.report.score),
      reportPdfUrl,
    });
    return { body: JSON.stringify(payload) };
  }
  const payload = buildCompletionCallback(
    {
      testInvitationId: record.testInvitationId,
      report: record.report,
      completedAt: new Date(invitation.completedAt ?? now).toISOString().slice(0, 19),
      reportPdfUrl,
    },
    org.callbackTrailingSpaces,
  );
  return { body: JSON.stringify(payload) };
};

/** Delivers one completion callback: signed per Standard Webhooks, every attempt recorded. */
export const callbackHandler =
  (deps: CallbackDeps): JobHandler =>
  async (job) => {
    const built = await callbackBody(deps, job);
    if ('wait' in built) return reportWait(deps.store, built.wait.invitationId, built.wait.reportStatus, deps.reportWaitMs);
    if ('dead' in built) return { kind: 'dead', error: built.dead };
    const now = deps.now();
    const secrets = await deps.store.webhookSecrets.ensure(job.orgId, generateWebhookSecret, now);
    const headers = signWebhook(
      secrets.map((entry) => entry.secret),
      { id: job.messageId, timestamp: new Date(now), body: built.body },
    );
    const request = { url: job.target, body: built.body, headers, allowPrivate: deps.allowPrivate };
    return deliverRecorded(deps.store, job, deps.timeoutMs === undefined ? request : { ...request, timeoutMs: deps.timeoutMs }, now);
  };
