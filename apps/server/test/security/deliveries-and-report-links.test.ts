import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_SCHEDULE_MS } from '@assay/delivery';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import { candidate, manualClock, registerFor } from '../helpers/candidate.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { silentLog, startReceiver } from '../helpers/receiver.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

const START = Math.floor(Date.now() / 1000) * 1000;
type Queued = { jobId: number; messageId: string };

/**
 * Attack classes on the delivery tools and the keyless report links: redelivering what is not a delivery,
 * exhausting a job's retries by hand, test events that differ from real callbacks, and report URLs that
 * outlive the attempt they were made for.
 */
describe.each(backends)('deliveries and signed report links, on %s', (backend) => {
  let h: Harness;
  let worker: AssembledWorker;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock = manualClock(START);
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest();
    receiver = await startReceiver();
    worker = assembleWorker(h.store, { ...h.config, outboxDir: `/tmp/assay-outbox-sec-${backend}-${process.pid}` }, silentLog, {
      now: clock.now,
      random: () => 0,
      deliveryTimeoutMs: 1_000,
      codeRunner: h.app.assay.runner,
    });
  });
  afterAll(async () => {
    await worker.close();
    await receiver.close();
    await h.close();
  });

  const completeWithCallback = async (emailId: string) => {
    const registered = await registerFor(h, testId, emailId, { callbackURL: receiver.url });
    const api = candidate(h, registered.token);
    await api.client.start();
    expectSuccess(await api.submit());
    return registered;
  };
  const jobsOf = (invitationId: number) => h.store.db.selectFrom('jobs').selectAll().where('invitation_id', '=', invitationId).execute();

  it('an internal score job cannot be redelivered: it answers like an unknown delivery', async () => {
    const { invitationId } = await completeWithCallback('score-job@example.com');
    const score = (await jobsOf(invitationId)).find((job) => job.kind === 'score')!;
    expectFailure(await h.request({ method: 'POST', url: `/v2/org/deliveries/${score.id}/redeliver` }), '404.10');
    const after = await h.store.jobs.find(score.id);
    expect(after?.status).toBe(score.status);
  });

  it('a manual redelivery starts a fresh retry schedule instead of using up the automatic one', async () => {
    receiver.script([{ status: 500 }]);
    const { invitationId } = await completeWithCallback('budget@example.com');
    const callback = (await jobsOf(invitationId)).find((job) => job.kind === 'callback')!;
    for (let i = 0; i < 7; i += 1) {
      expectSuccess(await h.request({ method: 'POST', url: `/v2/org/deliveries/${callback.id}/redeliver` }));
      await worker.drain();
    }
    const job = await h.store.jobs.find(callback.id);
    expect(job?.status, 'still retrying after 7 manual redeliveries').toBe('pending');
    expect(job?.attempts).toBe(1);
    expect(job!.runAt - clock.now()).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[0]!);
    receiver.script([{ status: 200 }]);
  });

  it('the test event uses the org’s key spelling, exactly like real callbacks', async () => {
    expectSuccess(await h.request({ method: 'POST', url: '/v2/org/webhooks/settings', body: { trailingSpaceKeys: true } }));
    try {
      const queued = expectSuccess<Queued>(await h.request({ method: 'POST', url: '/v2/org/webhooks/test', body: { url: receiver.url } }));
      await worker.drain();
      const request = receiver.received.find((entry) => entry.headers['webhook-id'] === queued.messageId)!;
      expect(Object.keys(JSON.parse(request.body) as object).sort()).toEqual(
        ['AttemptedOn', 'CandidateEmailId', 'CandidateScore ', 'ReportPDFUrl ', 'TestInvitationId', 'TotalScore '].sort(),
      );
    } finally {
      expectSuccess(await h.request({ method: 'POST', url: '/v2/org/webhooks/settings', body: { trailingSpaceKeys: false } }));
    }
  });

  /** Completes an attempt with a callback and answers the ReportPDFUrl the callback carried. */
  const reportUrlOf = async (emailId: string) => {
    receiver.received.length = 0;
    const registered = await completeWithCallback(emailId);
    await worker.drain();
    const body = JSON.parse(receiver.received.at(-1)!.body) as { ReportPDFUrl: string };
    const url = new URL(body.ReportPDFUrl);
    return { ...registered, path: `${url.pathname}${url.search}` };
  };

  it('a ReportPDFUrl opens the PDF, and stops working once its attempt is reset', async () => {
    const { invitationId, token, path } = await reportUrlOf('reset@example.com');
    expect((await h.request({ method: 'GET', url: path, apiKey: null })).statusCode).toBe(200);
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/reset` }));
    expectFailure(await h.request({ method: 'GET', url: path, apiKey: null }), '403.14');
    // Taken and completed again (later, as a retake always is): the old link names the old attempt and stays closed.
    clock.advance(60_000);
    const api = candidate(h, token);
    expectSuccess(await api.start());
    expectSuccess(await api.submit());
    await worker.drain();
    expectFailure(await h.request({ method: 'GET', url: path, apiKey: null }), '403.14');
  });

  it('a ReportPDFUrl stops working once its attempt is superseded by a reattempt', async () => {
    const { invitationId, path } = await reportUrlOf('retake@example.com');
    expect((await h.request({ method: 'GET', url: path, apiKey: null })).statusCode).toBe(200);
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/reattempt` }));
    expectFailure(await h.request({ method: 'GET', url: path, apiKey: null }), '403.14');
    // The org still reads the old report with its key.
    expect((await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` })).statusCode).toBe(200);
  });

  it('a signature for one invitation does not open another, and unknown ids look like bad signatures', async () => {
    const { invitationId, path } = await reportUrlOf('other@example.com');
    const forOther = path.replace(`/v2/reports/${invitationId}/`, `/v2/reports/${invitationId - 1}/`);
    expectFailure(await h.request({ method: 'GET', url: forOther, apiKey: null }), '403.14');
    expectFailure(await h.request({ method: 'GET', url: path.replace(`/v2/reports/${invitationId}/`, '/v2/reports/987654/'), apiKey: null }), '403.14');
  });
});
