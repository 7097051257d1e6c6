import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { AuthenticationError, createClient } from '@assay/client';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import { candidate, manualClock, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { silentLog, startReceiver } from './helpers/receiver.js';
import { injectFetch } from './helpers/inject-fetch.js';
import { PUBLIC_URL, backends, startHarness, type Harness } from './helpers/test-app.js';

// Real time: receivers verify webhook-timestamp against their own clock (5 minutes of tolerance).
const START = Math.floor(Date.now() / 1000) * 1000;
const V2_KEYS = ['AttemptedOn', 'CandidateEmailId', 'CandidateScore', 'ReportPDFUrl', 'TestInvitationId', 'TotalScore'];
const V3_KEYS = [...V2_KEYS, 'AttemptedOnUtc', 'PerformanceCategory', 'Status'].sort();
// The harness's org is in Asia/Kolkata (timeZoneId 1720): UTC+05:30, no daylight saving.
const kolkata = (epochMs: number) => new Date(epochMs + 5.5 * 3_600_000).toISOString().slice(0, 19);
const UNKNOWN_IDS = 'testinvitationIds does not belong to account or not found';

describe.each(backends)('v3 callbacks on %s', (backend) => {
  let h: Harness;
  let worker: AssembledWorker;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock = manualClock(START);
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest();
    receiver = await startReceiver();
    worker = assembleWorker(h.store, { ...h.config, outboxDir: `/tmp/assay-outbox-v3cb-${backend}-${process.pid}` }, silentLog, {
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

  /** An invitation registered with the receiver as callbackURL (or none); `v3` marks it made through /v3. */
  const invite = async (emailId: string, { v3 = true, callback = true } = {}) => {
    const registered = await registerFor(h, testId, emailId, callback ? { callbackURL: receiver.url } : {});
    if (v3) await h.store.db.updateTable('invitations').set({ interface: 'v3' }).where('id', '=', registered.invitationId).execute();
    return registered;
  };
  /** Starts, answers the single-choice question right, submits. */
  const take = async (token: string) => {
    const api = candidate(h, token);
    const [single] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    expectSuccess(await api.submit());
  };
  const bodies = () => receiver.received.map((request) => JSON.parse(request.body) as Record<string, unknown>);
  const replay = (testinvitationIds: unknown[], apiKey?: string) =>
    h.request({ method: 'POST', url: '/v3/callbacks/process', body: { testinvitationIds }, ...(apiKey ? { apiKey } : {}) });

  it('sends a v3 invitation two signed notifications, In Progress then Complete, with v3 fields, listed in its deliveries', async () => {
    receiver.script([{ status: 200 }, { status: 200 }]);
    receiver.received.length = 0;
    const { invitationId, token } = await invite('two@example.com');
    await take(token);
    await worker.worker.drain();
    expect(receiver.received).toHaveLength(2);
    const [started, ended] = bodies();
    for (const body of [started!, ended!]) expect(Object.keys(body).sort()).toEqual(V3_KEYS);
    expect(started).toMatchObject({
      Status: 'In Progress',
      CandidateEmailId: 'two@example.com',
      TestInvitationId: invitationId,
      CandidateScore: 0,
      ReportPDFUrl: '',
      AttemptedOn: kolkata(START),
      AttemptedOnUtc: `${new Date(START).toISOString().slice(0, 19)}Z`,
    });
    expect(ended).toMatchObject({ Status: 'Complete', TotalScore: 10, CandidateScore: 2, TestInvitationId: invitationId, AttemptedOn: kolkata(START) });
    expect(ended!.ReportPDFUrl).toMatch(/^https:\/\/assay\.test\//);
    const settings = expectSuccess<{ secrets: { secret: string }[] }>(await h.request({ method: 'GET', url: '/v2/org/webhooks' }));
    for (const request of receiver.received) {
      expect(() => new Webhook(settings.secrets[0]!.secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    }
    const log = expectSuccess<{ deliveries: { status: string }[] }>(
      await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/deliveries` }),
    );
    expect(log.deliveries.map((delivery) => delivery.status)).toEqual(['delivered', 'delivered']);
  });

  it('sends a v2 invitation its one callback, unchanged, beside a v3 one’s two', async () => {
    receiver.script([{ status: 200 }, { status: 200 }, { status: 200 }]);
    receiver.received.length = 0;
    const v2 = await invite('one@example.com', { v3: false });
    const v3 = await invite('beside@example.com');
    await take(v2.token);
    await take(v3.token);
    await worker.worker.drain();
    const sent = bodies();
    expect(sent.filter((body) => body.TestInvitationId === v3.invitationId).map((body) => body.Status)).toEqual(['In Progress', 'Complete']);
    const own = sent.filter((body) => body.TestInvitationId === v2.invitationId);
    expect(own).toHaveLength(1);
    expect(Object.keys(own[0]!).sort()).toEqual(V2_KEYS);
  });

  it('sends v3’s two notifications to an invitation v2 made once v3 invited the address again (decision 1025)', async () => {
    receiver.script([{ status: 200 }, { status: 200 }]);
    receiver.received.length = 0;
    const made = await invite('switched@example.com', { v3: false });
    const again = await h.request({ method: 'POST', url: `/v3/tests/${testId}/invite`, body: { email: 'switched@example.com', name: 'Ada Lovelace' } });
    expect([again.statusCode, again.json().testInvitationId]).toEqual([201, made.invitationId]);
    await take(made.token);
    await worker.worker.drain();
    expect(bodies().map((body) => [body.Status, body.TestInvitationId])).toEqual([
      ['In Progress', made.invitationId],
      ['Complete', made.invitationId],
    ]);
    for (const body of bodies()) expect(Object.keys(body).sort()).toEqual(V3_KEYS);
  });

  it('says how the attempt ended in the final notification: Terminated', async () => {
    receiver.script([{ status: 200 }, { status: 200 }]);
    receiver.received.length = 0;
    const { invitationId, token } = await invite('ended.by.rule@example.com');
    await take(token);
    // The violation rules are another part of issue 52: what matters here is the recorded reason, read at delivery.
    await h.store.db.updateTable('invitations').set({ end_reason: 'terminated' }).where('id', '=', invitationId).execute();
    await worker.worker.drain();
    expect(bodies().map((body) => body.Status)).toEqual(['In Progress', 'Terminated']);
  });

  it('says Test Left when the time ran out', async () => {
    receiver.script([{ status: 200 }, { status: 200 }]);
    receiver.received.length = 0;
    const { token } = await invite('out.of.time@example.com');
    await candidate(h, token).client.start();
    clock.advance(24 * 3_600_000);
    await worker.drain();
    expect(bodies().map((body) => body.Status)).toEqual(['In Progress', 'Test Left']);
  });

  it('replays ended invitations’ completion callbacks and fails the rest', async () => {
    receiver.script([{ status: 200 }, { status: 200 }, { status: 200 }]);
    const ended = await invite('replay.ended@example.com');
    await take(ended.token);
    const silent = await invite('replay.silent@example.com', { callback: false });
    await take(silent.token);
    const running = await invite('replay.running@example.com');
    await candidate(h, running.token).client.start();
    await worker.worker.drain();
    receiver.script([{ status: 200 }]);
    receiver.received.length = 0;

    const response = await replay([ended.invitationId, silent.invitationId, running.invitationId]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: { testinvitationIds: { successful: [ended.invitationId], failed: [silent.invitationId, running.invitationId] } },
      errors: null,
    });
    await worker.worker.drain();
    expect(receiver.received).toHaveLength(1);
    expect(bodies()[0]).toMatchObject({ Status: 'Complete', TestInvitationId: ended.invitationId });
  });

  it('is in @assay/client: the split typed, ids not the org’s an AuthenticationError with v3’s body', async () => {
    const v3 = (apiKey: string) => createClient({ baseUrl: PUBLIC_URL, apiKey, fetch: injectFetch(h.app), retries: 0 }).v3.callbacks;
    const pending = await invite('client.pending@example.com');
    expect(await v3(h.org.apiKey).process([pending.invitationId])).toEqual({
      result: { testinvitationIds: { successful: [], failed: [pending.invitationId] } },
      errors: null,
    });
    const other = await h.createOrg('Client Elsewhere');
    const refused = await v3(other.apiKey)
      .process([pending.invitationId])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect(JSON.parse((refused as AuthenticationError).body)).toEqual({ result: null, errors: [UNKNOWN_IDS, String(pending.invitationId)] });
  });

  it('refuses more than 100 ids with 400 in v3’s failure shape', async () => {
    const response = await replay(Array.from({ length: 101 }, (_, index) => index + 1));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, errors: [expect.stringContaining('at most 100')] });
  });

  it('answers 401 naming each id of another org or missing, alike', async () => {
    const other = await h.createOrg('Elsewhere');
    const { invitationId } = await invite('foreign@example.com');
    const missing = invitationId + 1_000_000;
    const foreign = await replay([invitationId, missing], other.apiKey);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toEqual({ result: null, errors: [UNKNOWN_IDS, String(invitationId), String(missing)] });
    const alone = await replay([missing]);
    expect(alone.statusCode).toBe(401);
    expect(alone.json()).toEqual({ result: null, errors: [UNKNOWN_IDS, String(missing)] });
  });
});
