import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { RETRY_SCHEDULE_MS } from '@assay/delivery';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import { candidate, manualClock, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { silentLog, startReceiver } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

// Real time: receivers verify webhook-timestamp against their own clock (5 minutes of tolerance).
const START = Math.floor(Date.now() / 1000) * 1000;
const CALLBACK_KEYS = ['AttemptedOn', 'CandidateEmailId', 'CandidateScore', 'ReportPDFUrl', 'TestInvitationId', 'TotalScore'];

describe.each(backends)('completion callbacks on %s', (backend) => {
  let h: Harness;
  let worker: AssembledWorker;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock = manualClock(START);
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest();
    receiver = await startReceiver();
    worker = assembleWorker(h.store, { ...h.config, outboxDir: `/tmp/assay-outbox-${backend}-${process.pid}` }, silentLog, {
      now: clock.now,
      random: () => 0,
      deliveryTimeoutMs: 1_000,
    });
  });
  afterAll(async () => {
    await worker.close();
    await receiver.close();
    await h.close();
  });

  /** Registers with the receiver as callbackURL, takes the test with one right answer, submits, scores. */
  const complete = async (emailId: string) => {
    const registered = await registerFor(h, testId, emailId, { callbackURL: receiver.url });
    const api = candidate(h, registered.token);
    const [single] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    expectSuccess(await api.submit());
    return registered.invitationId;
  };
  const deliveries = async (invitationId: number) =>
    expectSuccess<{ deliveries: { status: string; messageId: string; attempts: { statusCode: number | null }[] }[] }>(
      await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/deliveries` }),
    ).deliveries;

  it('posts exactly the spec fields, signed per Standard Webhooks, with a ReportPDFUrl that opens the PDF', async () => {
    receiver.script([{ status: 200 }]);
    receiver.received.length = 0;
    const invitationId = await complete('signed@example.com');
    await worker.worker.drain();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const body = JSON.parse(request!.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(CALLBACK_KEYS);
    expect(body).toMatchObject({ CandidateEmailId: 'signed@example.com', TotalScore: 10, CandidateScore: 2, TestInvitationId: invitationId });
    expect(body.AttemptedOn).toBe(new Date(START).toISOString().slice(0, 19));
    const settings = expectSuccess<{ secrets: { secret: string }[] }>(await h.request({ method: 'GET', url: '/v2/org/webhooks' }));
    const headers = request!.headers as Record<string, string>;
    expect(() => new Webhook(settings.secrets[0]!.secret).verify(request!.body, headers)).not.toThrow();
    const pdfUrl = new URL(body.ReportPDFUrl as string);
    const pdf = await h.request({ method: 'GET', url: `${pdfUrl.pathname}${pdfUrl.search}`, apiKey: null });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expectFailure(await h.request({ method: 'GET', url: `${pdfUrl.pathname}?expires=9999999999&signature=forged`, apiKey: null }), '403.14');
    expect((await deliveries(invitationId))[0]).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 200 }] });
  });

  it('retries after 500s and a time-out on the documented schedule, keeping one webhook-id', async () => {
    receiver.script([{ status: 500 }, 'hang', { status: 200 }]);
    receiver.received.length = 0;
    const invitationId = await complete('retry@example.com');
    await worker.worker.drain();
    expect(receiver.received).toHaveLength(1);
    clock.advance(RETRY_SCHEDULE_MS[0]! - 1);
    await worker.worker.drain();
    expect(receiver.received).toHaveLength(1);
    clock.advance(1);
    await worker.worker.drain();
    expect(receiver.received).toHaveLength(2);
    clock.advance(RETRY_SCHEDULE_MS[1]!);
    await worker.worker.drain();
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((request) => request.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const [log] = await deliveries(invitationId);
    expect(log).toMatchObject({ status: 'delivered' });
    expect(log!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, null, 200]);
  });

  it('stops at 410 Gone and honours Retry-After', async () => {
    receiver.script([{ status: 410 }]);
    receiver.received.length = 0;
    const gone = await complete('gone@example.com');
    await worker.worker.drain();
    clock.advance(48 * 3_600_000);
    await worker.worker.drain();
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries(gone))[0]).toMatchObject({ status: 'gone' });

    receiver.script([{ status: 503, headers: { 'retry-after': '3600' } }, { status: 200 }]);
    receiver.received.length = 0;
    await complete('later@example.com');
    await worker.worker.drain();
    clock.advance(RETRY_SCHEDULE_MS[0]! * 2);
    await worker.worker.drain();
    expect(receiver.received).toHaveLength(1);
    clock.advance(3_600_000);
    await worker.worker.drain();
    expect(receiver.received).toHaveLength(2);
  });

  it('sends the sample key spelling when the org asks for it', async () => {
    expectSuccess(await h.request({ method: 'POST', url: '/v2/org/webhooks/settings', body: { trailingSpaceKeys: true } }));
    receiver.script([{ status: 200 }]);
    receiver.received.length = 0;
    await complete('spaces@example.com');
    await worker.worker.drain();
    expect(Object.keys(JSON.parse(receiver.received[0]!.body) as object)).toEqual(expect.arrayContaining(['TotalScore ', 'CandidateScore ', 'ReportPDFUrl ']));
    expectSuccess(await h.request({ method: 'POST', url: '/v2/org/webhooks/settings', body: { trailingSpaceKeys: false } }));
  });
});

describe('SSRF guard', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('sqlite', { ASSAY_ALLOW_PRIVATE_CALLBACKS: 'false' });
  });
  afterAll(() => h.close());

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://10.1.2.3/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]:9000/hook',
    'http://localhost:8080/hook',
  ])('refuses callbackURL %s at registration', async (callbackURL) => {
    const testId = await h.importTest();
    expectFailure(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId: 'x@example.com', fullName: 'X', callbackURL } }),
      '400.11',
    );
  });

  it('refuses at delivery time too: a worker never connects to a private address', async () => {
    const receiver = await startReceiver();
    const worker = assembleWorker(h.store, { ...h.config, outboxDir: '/tmp/assay-outbox-ssrf' }, silentLog, { random: () => 0 });
    try {
      await h.store.jobs.enqueue(h.store.db, { orgId: h.org.orgId, invitationId: null, kind: 'callback', target: receiver.url, payload: '{}' }, Date.now());
      await worker.worker.drain();
      expect(receiver.received).toHaveLength(0);
    } finally {
      await worker.close();
      await receiver.close();
    }
  });
});
