import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, InvitationHistory, TestSettings } from '@assay/domain';
import { candidate, manualClock, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { startReceiver } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const terminateAfter = (settings: TestSettings, count: number): TestSettings => ({
  ...settings,
  windowViolationSettings: {
    ...settings.windowViolationSettings,
    displayViolationSettings: { displayViolationPopUp: true, terminateTestOnWindowViolation: true, terminateTestAfterViolationCount: count },
  },
});

/**
 * Issue 52: "terminate after N window violations" is the server's decision (decisions 941, 942): the departure that
 * takes the count over N ends the attempt in the same request — scored, its callback sent, its history naming the
 * count — and v2 reads it as Completed with `endReason: "terminated"` (decision 946).
 */
describe.each(backends)('terminate after N window violations on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock = manualClock(Math.floor(Date.now() / 1000) * 1000);
  const at = () => {
    clock.advance(1_000);
    return new Date(clock.now()).toISOString();
  };
  /** Scored, and past the announcements' hold: whatever would be sent has been. */
  const settle = async () => {
    await h.drainJobs();
    clock.advance(10 * 60_000);
    await h.drainJobs();
  };

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    receiver = await startReceiver();
    testId = await h.importTest();
    const settings = (await h.store.testSettings.get(h.org.orgId, testId))!;
    await h.store.testSettings.put(h.org.orgId, testId, terminateAfter(settings, 2));
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await h?.close();
  });

  const leaveAndReturn = async (attempt: ReturnType<typeof candidate>) => {
    const left = expectSuccess<{ wv: number; terminated?: boolean }>(await attempt.event('left', at()));
    return { left, returned: await attempt.event('returned', at()) };
  };

  it('the third departure ends the attempt: scored, called back, the history names the count, v2 shows it as decided', async () => {
    const { invitationId, token } = await registerFor(h, testId, 'away@example.com', { callbackURL: receiver.url });
    const attempt = candidate(h, token);
    expectSuccess(await attempt.start());

    for (const count of [1, 2]) {
      const { left, returned } = await leaveAndReturn(attempt);
      expect(left).toEqual({ wv: count, tv: expect.any(Number) });
      expectSuccess(returned);
    }
    const session = expectSuccess<{ state: string; windowViolations?: number; violationRules?: unknown }>(await attempt.session());
    expect(session).toMatchObject({
      state: 'In progress',
      windowViolations: 2,
      violationRules: { windowViolationLimit: 2, imageViolationLimit: null, copyPasteAllowed: true, violationPopup: true },
    });

    const third = await leaveAndReturn(attempt);
    expect(third.left).toEqual({ wv: 3, tv: expect.any(Number), terminated: true });
    // Over: the page's return, a save and a submit find the attempt ended.
    expectFailure(third.returned, '403.11');
    const ended = expectSuccess<{ state: string; endReason?: string }>(await attempt.session());
    expect(ended).toMatchObject({ state: 'Completed', endReason: 'terminated', windowViolations: 3 });

    await settle();
    const report = expectSuccess<Record<string, unknown>>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}` }));
    expect(report).toMatchObject({ testStatus: 'Completed', reportStatus: 'Generated', endReason: 'terminated', wv: 3 });
    expect(receiver.received.map((request) => JSON.parse(request.body).TestInvitationId)).toContain(invitationId);
    const list = expectSuccess<{ invitations: Record<string, unknown>[] }>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations` }));
    expect(list.invitations.find((row) => row.testInvitationId === invitationId)).toMatchObject({ testStatus: 'Completed', endReason: 'terminated', wv: 3 });

    const history = expectSuccess<InvitationHistory>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/history` }));
    const ending = history.entries.find((entry: HistoryEntry) => entry.kind === 'submitted');
    expect(ending).toMatchObject({ by: 'system', details: { terminatedAfter: { kind: 'window', count: 3 } } });
    const row = await h.store.db.selectFrom('invitations').select('end_reason').where('id', '=', invitationId).executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('terminated');
  });

  it('up to the limit nothing ends, and a submitted attempt reads as before in v2 (no endReason)', async () => {
    const { invitationId, token } = await registerFor(h, testId, 'stays@example.com');
    const attempt = candidate(h, token);
    expectSuccess(await attempt.start());
    for (let count = 0; count < 2; count += 1) await leaveAndReturn(attempt);
    expectSuccess(await attempt.submit());
    await h.drainJobs();
    const report = expectSuccess<Record<string, unknown>>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}` }));
    expect(report).toMatchObject({ testStatus: 'Completed', wv: 2 });
    expect(report).not.toHaveProperty('endReason');
  });

  it('a test without a limit never terminates', async () => {
    const otherTest = await h.importTest();
    const { token } = await registerFor(h, otherTest, 'roams@example.com');
    const attempt = candidate(h, token);
    expectSuccess(await attempt.start());
    for (let count = 1; count <= 5; count += 1) expect((await leaveAndReturn(attempt)).left).toEqual({ wv: count, tv: expect.any(Number) });
    expect(expectSuccess<{ state: string }>(await attempt.session()).state).toBe('In progress');
  });
});
