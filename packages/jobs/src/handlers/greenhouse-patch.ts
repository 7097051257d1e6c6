import { urlTransportOf } from '@assay/delivery';
import { decideGreenhousePatch, decideGreenhousePatchTarget, type Job } from '@assay/domain';
import type { Store } from '@assay/store';
import type { JobHandler } from '../outbox-worker.js';
import { deliverRecorded } from './deliver-recorded.js';
import { reportWait } from './report-wait.js';

export interface GreenhousePatchDeps {
  store: Store;
  allowPrivate: boolean;
  now: () => number;
  /** How long to wait for scoring before looking again. */
  reportWaitMs?: number;
  /** The whole exchange; 15 s unless a test needs it shorter. */
  timeoutMs?: number;
}

/** HTTP Basic as Greenhouse reads it: `user:password`, UTF-8, base64. */
const basicAuthorization = (username: string, password: string): string => `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

/**
 * Greenhouse's PATCH "test completed" (issue 33): to the `url` of the interview's send_test, no body, with the
 * credentials Greenhouse issued to the org. Queued with the completion and held like the completion callback; sent once
 * the report is Generated (`decideGreenhousePatch`), over https only (`decideGreenhousePatchTarget`), through the same
 * SSRF-guarded delivery, retry schedule and log.
 */
export const greenhousePatchHandler =
  (deps: GreenhousePatchDeps): JobHandler =>
  async (job: Job) => {
    if (job.invitationId === null) return { kind: 'dead', error: 'a Greenhouse PATCH without an invitation' };
    const [record, credentials] = await Promise.all([deps.store.reports.report(job.orgId, job.invitationId), deps.store.greenhouse.credentials(job.orgId)]);
    if (!record) return { kind: 'dead', error: 'the invitation no longer exists' };
    const decision = decideGreenhousePatch(record.report.reportStatus, credentials);
    if (decision.kind === 'wait') return reportWait(deps.store, job.invitationId, decision.reportStatus, deps.reportWaitMs);
    const now = deps.now();
    if (decision.kind === 'cannot') {
      // Written to the delivery log and the history, so the org sees why no PATCH went, and can redeliver once configured.
      await deps.store.jobs.recordDelivery(job.id, { attemptedAt: now, outcome: 'not-configured', statusCode: null, latencyMs: 0, error: decision.reason });
      return { kind: 'dead', error: decision.reason };
    }
    // Checked again at send time (decision 637): the credentials never go to a URL the rule refuses now, whatever it
    // allowed when send_test named it (a setting changed since, a row written before the rule).
    const transport = urlTransportOf(job.target);
    const target = transport.ok ? decideGreenhousePatchTarget(transport, deps.allowPrivate) : { err: { message: transport.reason } };
    if (target.err) {
      const error = `not sent: ${target.err.message}`;
      await deps.store.jobs.recordDelivery(job.id, { attemptedAt: now, outcome: 'refused', statusCode: null, latencyMs: 0, error });
      return { kind: 'dead', error };
    }
    const { username, password } = decision.credentials;
    const request = {
      url: job.target,
      method: decision.method,
      body: null,
      headers: { authorization: basicAuthorization(username, password) },
      allowPrivate: deps.allowPrivate,
    };
    return deliverRecorded(deps.store, job, deps.timeoutMs === undefined ? request : { ...request, timeoutMs: deps.timeoutMs }, now);
  };
