import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import { manualClock } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { silentLog, startReceiver } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { submitWritten, writtenTest } from './helpers/written-attempts.js';

// Real time: receivers verify webhook-timestamp against their own clock (5 minutes of tolerance).
const START = Math.floor(Date.now() / 1000) * 1000;

/** Issue 32 item 2: the opt-in "submitted" event, before grading ends; the completion callback as before. */
describe.each(backends)('the submitted event on %s', (backend) => {
  let h: Harness;
  let worker: AssembledWorker;
  let completions: Awaited<ReturnType<typeof startReceiver>>;
  let submissions: Awaited<ReturnType<typeof startReceiver>>;
  const clock = manualClock(START);
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(writtenTest);
    completions = await startReceiver();
    submissions = await startReceiver();
    worker = assembleWorker(h.store, { ...h.config, outboxDir: `/tmp/assay-outbox-submitted-${backend}-${process.pid}` }, silentLog, {
      now: clock.now,
      random: () => 0,
      deliveryTimeoutMs: 1_000,
    });
  });
  afterAll(async () => {
    await worker.close();
    await completions.close();
    await submissions.close();
    await h.close();
  });

  const grade = async (invitationId: number, questionId: number, marks: number) =>
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${invitationId}/grades/${questionId}`, body: { marks } }));
  /** Scored, and past the announcements' hold: whatever would be sent has been. */
  const settle = async () => {
    await worker.worker.drain();
    clock.advance(10 * 60_000);
    await worker.worker.drain();
  };
  const bodies = (receiver: typeof submissions) => receiver.received.map((request) => JSON.parse(request.body) as Record<string, unknown>);
  const submittedOn = () => new Date(clock.now()).toISOString().slice(0, 19);

  it('pushes the signed submitted event before any grade; the completion callback only after the last grade', async () => {
    submissions.received.length = 0;
    completions.received.length = 0;
    const at = submittedOn();
    const { invitationId, short, essay } = await submitWritten(
      h,
      testId,
      'early@example.com',
      { short: 'Lyon', essay: 'Sort it first.' },
      {
        callbackURL: completions.url,
        submittedCallbackURL: submissions.url,
      },
    );
    // Delivered on the first pass, before the clock moves: its signature's timestamp is now.
    await worker.worker.drain();
    expect(bodies(submissions)).toEqual([
      { type: 'submitted', TestInvitationId: invitationId, CandidateEmailId: 'early@example.com', SubmittedOn: at, AwaitingReview: 2 },
    ]);
    const settings = expectSuccess<{ secrets: { secret: string }[] }>(await h.request({ method: 'GET', url: '/v2/org/webhooks' }));
    const [request] = submissions.received;
    expect(() => new Webhook(settings.secrets[0]!.secret).verify(request!.body, request!.headers as Record<string, string>)).not.toThrow();
    const deliveries = expectSuccess<{ deliveries: { target: string; status: string }[] }>(
      await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/deliveries` }),
    ).deliveries;
    expect(deliveries).toContainEqual(expect.objectContaining({ target: submissions.url, status: 'delivered' }));

    await settle();
    await grade(invitationId, essay, 4);
    await settle();
    expect(completions.received).toEqual([]);
    await grade(invitationId, short, 1);
    await settle();
    expect(bodies(completions)).toEqual([expect.objectContaining({ TestInvitationId: invitationId, CandidateScore: 6, TotalScore: 8 })]);
    expect(submissions.received).toHaveLength(1);
  });

  it('pushes it with AwaitingReview 0 when nothing awaits review, and the completion callback follows as before', async () => {
    submissions.received.length = 0;
    completions.received.length = 0;
    const at = submittedOn();
    const { invitationId } = await submitWritten(
      h,
      testId,
      'machine@example.com',
      { short: 'Paris', essay: ' ' },
      {
        callbackURL: completions.url,
        submittedCallbackURL: submissions.url,
      },
    );
    await settle();
    expect(bodies(submissions)).toEqual([
      { type: 'submitted', TestInvitationId: invitationId, CandidateEmailId: 'machine@example.com', SubmittedOn: at, AwaitingReview: 0 },
    ]);
    expect(bodies(completions)).toEqual([expect.objectContaining({ TestInvitationId: invitationId, CandidateScore: 3 })]);
  });

  it('keeps the URL when a registration again leaves it out, and sends the event once when the submission is scored again', async () => {
    submissions.received.length = 0;
    await h.client.invitations.register(testId, { emailId: 'kept@example.com', fullName: 'Ada', submittedCallbackURL: submissions.url });
    // Registered again as the cli does, without the field: the stored URL stays.
    const { invitationId } = await submitWritten(h, testId, 'kept@example.com', { short: 'Lyon' });
    await settle();
    expect(bodies(submissions)).toEqual([expect.objectContaining({ TestInvitationId: invitationId, AwaitingReview: 1 })]);
    // A score job run again for the same submission (a worker died after scoring): no second event.
    await h.store.jobs.enqueue(h.store.db, { orgId: h.org.orgId, invitationId, kind: 'score', target: 'report' }, clock.now());
    await settle();
    expect(submissions.received).toHaveLength(1);
  });

  it('sends nothing new for a registration without it, and a registration again with null stops it', async () => {
    submissions.received.length = 0;
    completions.received.length = 0;
    const plain = await submitWritten(h, testId, 'plain@example.com', { short: 'Lyon' }, { callbackURL: completions.url });
    await h.client.invitations.register(testId, { emailId: 'cleared@example.com', fullName: 'Ada', submittedCallbackURL: submissions.url });
    const cleared = await submitWritten(h, testId, 'cleared@example.com', { short: 'Lyon' }, { submittedCallbackURL: null });
    await settle();
    expect(submissions.received).toEqual([]);
    expect(completions.received).toEqual([]);
    const prepared = await h.store.db
      .selectFrom('jobs')
      .select('id')
      .where('invitation_id', 'in', [plain.invitationId, cleared.invitationId])
      .where('payload', 'is not', null)
      .execute();
    expect(prepared).toEqual([]);
  });

  it('refuses a submittedCallbackURL that is not an absolute http(s) URL exactly like a callbackURL', async () => {
    const register = (body: Record<string, unknown>) =>
      h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId: 'bad@example.com', fullName: 'X', ...body } });
    const submitted = expectFailure(await register({ submittedCallbackURL: 'ftp://example.com/hook' }), '400.2');
    const callback = expectFailure(await register({ callbackURL: 'ftp://example.com/hook' }), '400.2');
    expect(String(submitted.result)).toBe(String(callback.result).replaceAll('callbackURL', 'submittedCallbackURL'));
  });
});

describe('SSRF guard for submittedCallbackURL', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('sqlite', { ASSAY_ALLOW_PRIVATE_CALLBACKS: 'false' });
  });
  afterAll(() => h.close());

  it.each(['http://127.0.0.1:8080/hook', 'http://10.1.2.3/hook', 'http://169.254.169.254/latest/meta-data', 'http://localhost:8080/hook'])(
    'refuses %s at registration (400.11), by test link too, as callbackURL is',
    async (url) => {
      const testId = await h.importTest();
      const body = { emailId: 'x@example.com', fullName: 'X', submittedCallbackURL: url };
      const refused = expectFailure(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body }), '400.11');
      expect(String(refused.result)).toMatch(/^submittedCallbackURL is not allowed: /);
      const link = await h.client.testLinks.create(testId, { testLinkName: 'Open', accessTime: 0 });
      expectFailure(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`, body }), '400.11');
      expectFailure(
        await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId: 'x@example.com', fullName: 'X', callbackURL: url } }),
        '400.11',
      );
    },
  );
});
