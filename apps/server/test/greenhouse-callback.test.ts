import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_SCHEDULE_MS } from '@assay/delivery';
import type { DeliveryLog, GreenhouseIntegration, InvitationHistory } from '@assay/domain';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import { startHttpPeer, type HttpPeer } from '@assay/testing';
import { candidate, manualClock, questionIdsOf } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { greenhouseAuthorization, sendTestRequest } from './helpers/greenhouse-contract.js';
import { expectGreenhouseFailure, greenhouse } from './helpers/greenhouse.js';
import { silentLog } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { writtenTest } from './helpers/written-attempts.js';

const START = Math.floor(Date.now() / 1000) * 1000;
const CREDENTIALS = { callbackUsername: 'greenhouse-issued-user', callbackPassword: 'greenhouse-issued-secret' };

/** Issue 33, item 1: the PATCH "test completed" to Greenhouse, and the org's credentials for it. */
describe.each(backends)('Greenhouse PATCH "test completed" on %s', (backend) => {
  let h: Harness;
  let gh: ReturnType<typeof greenhouse>;
  let worker: AssembledWorker;
  let peer: HttpPeer;
  let statuses: number[] = [200];
  const clock = manualClock(START);
  let testId: number;
  let writtenId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    gh = greenhouse(h);
    testId = await h.importTest();
    writtenId = await h.importTest(writtenTest);
    peer = await startHttpPeer((_request, response) => response.writeHead(statuses.length > 1 ? statuses.shift()! : statuses[0]!).end());
    worker = assembleWorker(h.store, { ...h.config, outboxDir: `/tmp/assay-outbox-greenhouse-${backend}-${process.pid}` }, silentLog, {
      now: clock.now,
      random: () => 0,
      deliveryTimeoutMs: 1_000,
    });
  });
  afterAll(async () => {
    await worker.close();
    await peer.close();
    await h.close();
  });

  /** Scored, and past the announcements' hold: whatever would be sent has been. */
  const settle = async () => {
    await worker.worker.drain();
    clock.advance(10 * 60_000);
    await worker.worker.drain();
  };
  const configure = (body: unknown, apiKey?: string) =>
    h.request({ method: 'PUT', url: '/v2/org/integrations/greenhouse', body, ...(apiKey ? { apiKey } : {}) });
  const patchesTo = (path: string) => peer.requests.filter((request) => request.url === path);
  /** Greenhouse sends the test; the candidate starts it through the candidate API. */
  const sendAndStart = async (test: number, applicationId: string) => {
    const path = `/integrations/testing_partners/take_home_tests/${applicationId}`;
    const interviewId = await gh.send(sendTestRequest(String(test), { email: `c${applicationId}@hogwarts.edu`, applicationId, url: `${peer.origin}${path}` }));
    const { invitationId } = (await h.store.greenhouse.find(h.org.orgId, Number(interviewId)))!;
    const { token } = (await h.store.invitations.find(h.org.orgId, invitationId))!;
    const api = candidate(h, token);
    const questions = questionIdsOf(await api.client.start());
    return { interviewId, invitationId, path, api, questions };
  };
  const deliveries = async (invitationId: number) =>
    expectSuccess<DeliveryLog>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/deliveries` })).deliveries.filter(
      (delivery) => delivery.kind === 'greenhouse_patch',
    );
  const history = async (invitationId: number) =>
    expectSuccess<InvitationHistory>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/history` })).entries;

  it('without credentials: no PATCH goes, and the delivery log and history say why; after PUT, a redelivery sends it', async () => {
    const { interviewId, invitationId, path, api } = await sendAndStart(testId, '100');
    expectSuccess(await api.submit());
    await settle();
    expect(patchesTo(path)).toEqual([]);
    const [dead] = await deliveries(invitationId);
    expect(dead).toMatchObject({ status: 'dead', target: `${peer.origin}${path}`, attempts: [{ outcome: 'not-configured', statusCode: null }] });
    expect(dead!.attempts[0]!.error).toMatch(/PUT \/v2\/org\/integrations\/greenhouse/);
    expect((await history(invitationId)).filter((entry) => entry.kind === 'delivery' && entry.details.channel === 'greenhouse')).toMatchObject([
      { by: 'system', details: { outcome: 'not-configured', statusCode: null } },
    ]);
    // Polling works all along.
    expect((await gh.status(interviewId)).partner_status).toBe('complete');

    const before = expectSuccess<GreenhouseIntegration>(await h.request({ method: 'GET', url: '/v2/org/integrations/greenhouse' }));
    expect(before).toEqual({
      configured: false,
      callbackUsername: null,
      updatedAt: null,
      endpoints: {
        listTests: 'https://assay.test/partners/greenhouse/list_tests',
        sendTest: 'https://assay.test/partners/greenhouse/send_test',
        testStatus: 'https://assay.test/partners/greenhouse/test_status',
        responseError: 'https://assay.test/partners/greenhouse/response_error',
      },
    });
    const set = configure(CREDENTIALS);
    const configured = expectSuccess<GreenhouseIntegration>(await set);
    expect(configured).toMatchObject({ configured: true, callbackUsername: CREDENTIALS.callbackUsername, updatedAt: new Date(clock.now()).toISOString() });
    expect(JSON.stringify(configured)).not.toContain(CREDENTIALS.callbackPassword);
    expect((await h.request({ method: 'GET', url: '/v2/org/integrations/greenhouse' })).body).not.toContain(CREDENTIALS.callbackPassword);

    expectSuccess(await h.request({ method: 'POST', url: `/v2/org/deliveries/${dead!.jobId}/redeliver` }));
    await worker.worker.drain();
    expect(patchesTo(path)).toHaveLength(1);
  });

  it('PATCHes the url of the send once the report is generated: no body, HTTP Basic with the org credentials', async () => {
    expectSuccess(await configure(CREDENTIALS));
    const { interviewId, invitationId, path, api, questions } = await sendAndStart(testId, '200');
    expectSuccess(await api.answer(questions[0]!, { optionIds: [1] }));
    expectSuccess(await api.submit());
    await settle();
    const [patch] = patchesTo(path);
    expect(patchesTo(path)).toHaveLength(1);
    expect(patch).toMatchObject({ method: 'PATCH', body: '' });
    expect(patch!.headers.authorization).toBe(greenhouseAuthorization(CREDENTIALS.callbackUsername, CREDENTIALS.callbackPassword));
    expect(patch!.headers['content-type']).toBeUndefined();
    expect(await deliveries(invitationId)).toMatchObject([{ status: 'delivered', attempts: [{ outcome: 'delivered', statusCode: 200 }] }]);
    expect((await history(invitationId)).filter((entry) => entry.kind === 'delivery')).toContainEqual(
      expect.objectContaining({ by: 'system', details: expect.objectContaining({ channel: 'greenhouse', outcome: 'delivered', statusCode: 200 }) }),
    );
    // What Greenhouse then reads.
    expect(await gh.status(interviewId)).toMatchObject({ partner_status: 'complete', partner_score: 2 });
  });

  it('retries a PATCH Greenhouse refuses, on the callback schedule', async () => {
    expectSuccess(await configure(CREDENTIALS));
    statuses = [503, 204];
    const { invitationId, path, api } = await sendAndStart(testId, '300');
    expectSuccess(await api.submit());
    // Scoring releases the PATCH at once: one drain sends it (settling would also reach the retry).
    await worker.worker.drain();
    expect(patchesTo(path)).toHaveLength(1);
    expect((await deliveries(invitationId))[0]).toMatchObject({ status: 'pending', attempts: [{ outcome: 'retry', statusCode: 503 }] });
    clock.advance(RETRY_SCHEDULE_MS[0]!);
    await worker.worker.drain();
    expect(patchesTo(path)).toHaveLength(2);
    expect((await deliveries(invitationId))[0]).toMatchObject({ status: 'delivered' });
    statuses = [200];
  });

  it('waits for a grade: "submitted" and no PATCH while an answer awaits review; the last grade completes it and sends it', async () => {
    expectSuccess(await configure(CREDENTIALS));
    const { interviewId, invitationId, path, api, questions } = await sendAndStart(writtenId, '400');
    const [choice, short, essay] = questions as [number, number, number];
    expectSuccess(await api.answer(choice, { optionIds: [1] }));
    expectSuccess(await api.answer(short, { text: 'Lyon' }));
    expectSuccess(await api.answer(essay, { text: 'I would sort the list first.' }));
    expectSuccess(await api.submit());
    await settle();
    expect(await gh.status(interviewId)).toEqual({ partner_status: 'submitted', partner_profile_url: null, partner_score: null, metadata: null });
    expect(patchesTo(path)).toEqual([]);
    const grade = (questionId: number, marks: number) =>
      h.request({ method: 'PUT', url: `/v2/org/testinvitation/${invitationId}/grades/${questionId}`, body: { marks } });
    expectSuccess(await grade(essay, 4));
    await settle();
    expect(patchesTo(path)).toEqual([]);
    expectSuccess(await grade(short, 2));
    await worker.worker.drain();
    expect(patchesTo(path)).toHaveLength(1);
    expect(await gh.status(interviewId)).toMatchObject({ partner_status: 'complete', partner_score: 7 });
  });

  it('never sends the PATCH over plain http to anything but this machine: refused at send_test, and again at send time (decision 637)', async () => {
    expectSuccess(await configure(CREDENTIALS));
    // 0.0.0.0 reaches this machine's listeners on Linux without being a loopback name: were it sent, the peer would get it.
    const plain = `http://0.0.0.0:${new URL(peer.origin).port}`;
    const refused = await gh.sendTest(sendTestRequest(String(testId), { email: 'plain@hogwarts.edu', applicationId: '500', url: `${plain}/refused` }));
    expect(expectGreenhouseFailure(refused, '400.11').errors[0]).toMatch(/must be https/);
    expect(await h.store.greenhouse.interviewOf(h.org.orgId, '500', testId)).toBeUndefined();
    // A row stored before the rule (or under another setting) is checked when the PATCH would go.
    const { invitationId, api } = await sendAndStart(testId, '501');
    await h.store.db
      .updateTable('greenhouse_interviews')
      .set({ callback_url: `${plain}/stored` })
      .where('invitation_id', '=', invitationId)
      .execute();
    expectSuccess(await api.submit());
    await settle();
    expect(peer.requests.filter((request) => request.url === '/stored')).toEqual([]);
    const [dead] = await deliveries(invitationId);
    expect(dead).toMatchObject({ status: 'dead', attempts: [{ outcome: 'refused', statusCode: null }] });
    expect(dead!.attempts[0]!.error).toMatch(/must be https/);
  });

  it('the credentials are the org’s own, changed only by a full key, and checked', async () => {
    const other = await h.createOrg('Elsewhere');
    expect(
      expectSuccess<GreenhouseIntegration>(await h.request({ method: 'GET', url: '/v2/org/integrations/greenhouse', apiKey: other.apiKey })).configured,
    ).toBe(false);
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer' });
    expectFailure(await configure(CREDENTIALS, reviewer.apiKey), '403.17');
    expect(
      expectSuccess<GreenhouseIntegration>(await h.request({ method: 'GET', url: '/v2/org/integrations/greenhouse', apiKey: reviewer.apiKey })).configured,
    ).toBe(true);
    expectFailure(await configure({ callbackUsername: 'a:b', callbackPassword: 'x' }), '400.2');
    expectFailure(await configure({ callbackUsername: '', callbackPassword: 'x' }), '400.2');
    expectFailure(await configure({ callbackUsername: 'user' }), '400.2');
    expectFailure(await configure({ callbackUsername: 'user\u001b', callbackPassword: 'x' }), '400.2');
    // An empty password is Greenhouse's own habit for API keys: taken. Through @assay/client, as an integrator would.
    expect(await h.client.integrations.configureGreenhouse({ callbackUsername: 'key-only', callbackPassword: '' })).toMatchObject({
      configured: true,
      callbackUsername: 'key-only',
    });
    expect((await h.client.integrations.greenhouse()).endpoints.sendTest).toBe('https://assay.test/partners/greenhouse/send_test');
    await expect(h.clientFor(reviewer.apiKey).integrations.configureGreenhouse(CREDENTIALS)).rejects.toMatchObject({ status: 403, statuscode: '403.17' });
  });
});
