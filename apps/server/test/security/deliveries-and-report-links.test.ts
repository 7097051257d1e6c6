import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_URL_TTL_MS, RETRY_SCHEDULE_MS } from '@assay/delivery';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import { candidate, manualClock, questionIdsOf, registerFor } from '../helpers/candidate.js';
import { pdfLines } from '../helpers/pdf-text.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { silentLog, startReceiver } from '../helpers/receiver.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

const START = Math.floor(Date.now() / 1000) * 1000;
type Queued = { jobId: number; messageId: string };

/**
 * Attack classes on the delivery tools and the keyless report links: redelivering what is not a delivery,
 * exhausting a job's retries by hand, test events that differ from real callbacks, report URLs that show
 * another attempt than the one they were made for, and report URLs an integrator stored that stop working
 * before their documented expiry for anything but the org's explicit revocation (issue 27).
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

  const open = (path: string) => h.request({ method: 'GET', url: path, apiKey: null });
  const orgPdf = (invitationId: number) => h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });

  it('a ReportPDFUrl stays the record of its attempt: after a reattempt (taken too) it still opens that attempt’s PDF', async () => {
    const { invitationId, path } = await reportUrlOf('retake@example.com');
    const { takeTestURL, testInvitationId: retakeId } = await h.client.invitations.reattempt(invitationId);
    // The reattempt is taken differently: one right answer, so its report is not the first one's.
    receiver.received.length = 0;
    const retake = candidate(h, new URL(takeTestURL).pathname.split('/').at(-1)!);
    const [single] = questionIdsOf(await retake.client.start());
    expectSuccess(await retake.answer(single!, { optionIds: [1] }));
    expectSuccess(await retake.submit());
    await worker.drain();
    const retakePath = new URL((JSON.parse(receiver.received.at(-1)!.body) as { ReportPDFUrl: string }).ReportPDFUrl);

    // The report itself, without its history appendix: each download is a new history entry (issue 32), so two
    // PDFs of one attempt differ there by design, and the page count in the footers with it.
    const reportOf = (payload: Buffer) => {
      const lines = pdfLines(payload);
      const appendix = lines.indexOf('Appendix: History');
      return (appendix < 0 ? lines : lines.slice(0, appendix)).filter((line) => !/^Page \d+ of \d+$/.test(line));
    };
    const first = await open(path);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(reportOf(first.rawPayload)).toEqual(reportOf((await orgPdf(invitationId)).rawPayload));
    expect(reportOf(first.rawPayload)).not.toEqual(reportOf((await orgPdf(retakeId)).rawPayload));
    // And the reattempt's own link opens the reattempt.
    const second = await open(`${retakePath.pathname}${retakePath.search}`);
    expect(reportOf(second.rawPayload)).toEqual(reportOf((await orgPdf(retakeId)).rawPayload));
  });

  it('revoking an invitation’s report links (explicit, documented) closes every link issued so far; a later one works', async () => {
    const { invitationId, path } = await reportUrlOf('revoked@example.com');
    expect((await open(path)).statusCode).toBe(200);
    expect(await h.client.reports.revokeLinks(invitationId)).toEqual({ testInvitationId: invitationId, reportLinks: 'revoked' });
    expect(expectFailure(await open(path), '403.14').result).toContain('revoked');
    // The org's own API still serves the report.
    expect((await orgPdf(invitationId)).statusCode).toBe(200);
    // A redelivered callback carries a link of the new generation, which works, and the old one stays closed.
    const callback = (await jobsOf(invitationId)).find((job) => job.kind === 'callback')!;
    receiver.received.length = 0;
    expectSuccess(await h.request({ method: 'POST', url: `/v2/org/deliveries/${callback.id}/redeliver` }));
    await worker.drain();
    const fresh = new URL((JSON.parse(receiver.received.at(-1)!.body) as { ReportPDFUrl: string }).ReportPDFUrl);
    expect(fresh.searchParams.get('generation')).toBe('1');
    expect((await open(`${fresh.pathname}${fresh.search}`)).statusCode).toBe(200);
    expectFailure(await open(path), '403.14');
    // The generation is signed: claiming the current one with the old signature is a forgery.
    expectFailure(await open(`${path}&generation=1`), '403.14');
  });

  it('revoking answers 404.4 for an unknown invitation or another org’s, and changes nothing there', async () => {
    const { invitationId, path } = await reportUrlOf('theirs@example.com');
    const other = await h.createOrg('Other Org');
    expectFailure(await h.request({ method: 'POST', url: `/v2/org/report/${invitationId}/links/revoke`, apiKey: other.apiKey }), '404.4');
    expectFailure(await h.request({ method: 'POST', url: '/v2/org/report/987654/links/revoke' }), '404.4');
    expect((await open(path)).statusCode).toBe(200);
  });

  it('a ReportPDFUrl answers 403.14 once it expires, 30 days after it was issued', async () => {
    const { path } = await reportUrlOf('expiry@example.com');
    const issuedAt = clock.now();
    try {
      clock.advance(REPORT_URL_TTL_MS - 1_000);
      expect((await open(path)).statusCode).toBe(200);
      clock.advance(1_000);
      expect(expectFailure(await open(path), '403.14').result).toContain('expired');
    } finally {
      clock.set(issuedAt);
    }
  });

  it('a signature for one invitation does not open another, and unknown ids look like bad signatures', async () => {
    const { invitationId, path } = await reportUrlOf('other@example.com');
    const forOther = path.replace(`/v2/reports/${invitationId}/`, `/v2/reports/${invitationId - 1}/`);
    expectFailure(await h.request({ method: 'GET', url: forOther, apiKey: null }), '403.14');
    expectFailure(await h.request({ method: 'GET', url: path.replace(`/v2/reports/${invitationId}/`, '/v2/reports/987654/'), apiKey: null }), '403.14');
  });
});
