import { signedReportUrl } from '@assay/delivery';
import { type Job, REPORT_STATUS } from '@assay/domain';
import { CANDIDATE_REPORT_PAYLOAD, type Store } from '@assay/store';
import type { Mailer } from '../email/mailer.js';
import { renderStakeholderEmail } from '../email/stakeholder-email.js';
import { renderCandidateReportEmail } from '../email/candidate-report-email.js';
import type { JobHandler } from '../outbox-worker.js';
import { sendRecorded } from './send-recorded.js';
import { reportWait } from './report-wait.js';

export interface EmailDeps {
  store: Store;
  mailer: Mailer;
  publicUrl: string;
  reportUrlKey: () => Promise<string>;
  now: () => number;
  reportWaitMs?: number;
}

/** The completion notice to a link's `emailToStakeholder` (or the candidate's own summary), sent once the report is generated. */
export const emailHandler =
  (deps: EmailDeps): JobHandler =>
  async (job: Job) => {
    if (job.invitationId === null) return { kind: 'dead', error: 'a stakeholder email without an invitation' };
    const [record, org, invitation] = await Promise.all([
      deps.store.reports.report(job.orgId, job.invitationId),
      deps.store.orgs.find(job.orgId),
      deps.store.invitations.find(job.orgId, job.invitationId),
    ]);
    if (!record || !org || !invitation) return { kind: 'dead', error: 'the invitation no longer exists' };
    if (record.report.reportStatus !== REPORT_STATUS.generated) {
      return reportWait(deps.store, job.invitationId, record.report.reportStatus, deps.reportWaitMs);
    }
    const { report } = record;
    // The candidate's own summary (decision 932): the same hold and retries as the stakeholder's notice.
    if (job.payload === CANDIDATE_REPORT_PAYLOAD) {
      const summary = renderCandidateReportEmail({
        orgName: org.name,
        candidateName: report.fullName,
        testName: report.testName,
        score: report.score,
        totalScore: report.totalScore,
        timeTaken: report.timeTaken,
        testInvitationId: record.testInvitationId,
      });
      return sendRecorded(deps, job, { to: job.target, ...summary });
    }
    const email = renderStakeholderEmail({
      orgName: org.name,
      candidateName: report.fullName,
      candidateEmail: report.emailId,
      testName: report.testName,
      score: report.score,
      totalScore: report.totalScore,
      attemptedOn: report.attemptedOn,
      timeTaken: report.timeTaken,
      windowViolations: report.wv,
      reportUrl: signedReportUrl(
        deps.publicUrl,
        await deps.reportUrlKey(),
        { invitationId: record.testInvitationId, completedAt: invitation.completedAt ?? 0, generation: invitation.reportLinkGeneration },
        deps.now(),
      ),
      testInvitationId: record.testInvitationId,
    });
    return sendRecorded(deps, job, { to: job.target, ...email });
  };
