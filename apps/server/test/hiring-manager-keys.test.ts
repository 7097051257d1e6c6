import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilitiesOf, type CandidateEvaluation, type InvitationHistory, type IssuedKey, type Person, type ReviewQueue, type WhoAmI } from '@assay/domain';
import { manualClock } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { sendTestRequest } from './helpers/greenhouse-contract.js';
import { expectGreenhouseFailure, greenhouse } from './helpers/greenhouse.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { submitWritten, writtenTest } from './helpers/written-attempts.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const RECRUITERS_ONLY = 'that needs an admin or recruiter key.';

/**
 * Issue 61 item 6 (decisions 1380–1382): a hiring manager's key reads reports, grades, annotates and decides, and is
 * refused every move on invitations, tests and links, each refusal naming the roles that may.
 */
describe.each(backends)('a hiring-manager key on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let testId = 0;
  let manager: IssuedKey;
  let reviewer: { apiKey: string };
  let attempt: Awaited<ReturnType<typeof submitWritten>>;

  const as = (apiKey: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    h.request({ method, url, apiKey, ...(body === undefined ? {} : { body }) });
  const byManager = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) => as(manager.apiKey, method, url, body);
  const invitation = () => `/v2/org/testinvitation/${attempt.invitationId}`;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(writtenTest);
    const maya = expectSuccess<Person>(await as(h.org.apiKey, 'POST', '/v2/org/people', { name: 'Maya Manager', role: 'hiring-manager' }));
    manager = expectSuccess<IssuedKey>(await as(h.org.apiKey, 'POST', `/v2/org/people/${maya.personId}/keys`));
    reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel A' });
    attempt = await submitWritten(h, testId, 'ada@example.com', { short: 'Lyon', essay: 'I would sort the list first.' });
    await h.drainJobs();
  });
  afterAll(() => h.close());

  it('is issued through the people API and says what it may do', async () => {
    expect(manager).toMatchObject({ role: 'hiring-manager', orgId: h.org.orgId });
    const whoami = expectSuccess<WhoAmI>(await byManager('GET', '/v2/org/me'));
    expect(whoami).toMatchObject({ role: 'hiring-manager', shownAs: 'Maya Manager' });
    expect(whoami.capabilities).toEqual(capabilitiesOf('hiring-manager'));
    expect(whoami.capabilities).toContain('decide-candidates');
    expect(whoami.capabilities).not.toContain('register-candidates');
  });

  it('reads a report, grades by id and by the queue, tags, rates, notes and decides, each in its name', async () => {
    expectSuccess(await byManager('GET', `/v2/org/report/${attempt.invitationId}`));
    expectSuccess(await byManager('GET', `/v2/org/report/${attempt.invitationId}/details`));
    expectSuccess(await byManager('PUT', `${invitation()}/grades/${attempt.short}`, { marks: 0, comment: 'Not Paris.' }));
    const queue = expectSuccess<ReviewQueue>(await byManager('GET', `/v2/org/tests/${testId}/review?questionId=${attempt.essay}`));
    const [essay] = queue.items;
    expectSuccess(
      await byManager('PUT', `/v2/org/review/${essay!.reference}/grade`, {
        marks: 4,
        criteria: [
          { criterion: 'Correctness', marks: 3 },
          { criterion: 'Clarity', marks: 1 },
        ],
      }),
    );
    expect(expectSuccess<CandidateEvaluation>(await byManager('POST', `${invitation()}/tags`, { tag: 'Strong SQL' })).tags).toEqual(['strong-sql']);
    expect(expectSuccess<CandidateEvaluation>(await byManager('PUT', `${invitation()}/rating`, { rating: 4 })).meanRating).toBe(4);
    expectSuccess(await byManager('POST', `${invitation()}/notes`, { text: 'Good reasoning; weak on geography.' }));
    const decided = expectSuccess<CandidateEvaluation>(await byManager('PUT', `${invitation()}/decision`, { decision: 'advanced', reason: 'Panel agrees' }));
    expect(decided.decision).toMatchObject({ decision: 'advanced', reason: 'Panel agrees', decidedBy: { keyId: manager.keyId, label: 'Maya Manager' } });
    const history = expectSuccess<InvitationHistory>(await byManager('GET', `${invitation()}/history`));
    expect(history.entries.filter((entry) => entry.kind === 'decided').map((entry) => entry.by)).toEqual([{ keyId: manager.keyId, label: 'Maya Manager' }]);
  });

  const refusedOf = (response: LightMyRequestResponse, sentence: string) => {
    const refused = expectFailure(response, '403.17');
    expect(refused.result).toBe(sentence);
  };

  it('is refused register, cancel, reset, reattempt, resend, expiry, a link change and a test import (403.17), naming who may, and nothing changes', async () => {
    const before = await h.store.db.selectFrom('invitations').selectAll().orderBy('id').execute();
    const links = await h.store.db.selectFrom('test_links').select('id').execute();
    const refusals: Array<[Promise<LightMyRequestResponse>, string]> = [
      [byManager('POST', `/v2/org/tests/${testId}/register`, { emailId: 'b@example.com', fullName: 'B' }), 'invite candidates'],
      [byManager('GET', `${invitation()}/cancel`), 'cancel, reattempt, reset, resend or extend invitations'],
      [byManager('GET', `${invitation()}/reset`), 'cancel, reattempt, reset, resend or extend invitations'],
      [byManager('GET', `${invitation()}/reattempt`), 'cancel, reattempt, reset, resend or extend invitations'],
      [byManager('POST', `${invitation()}/resend`), 'cancel, reattempt, reset, resend or extend invitations'],
      [byManager('PUT', `${invitation()}/expiry`, { days: 7 }), 'cancel, reattempt, reset, resend or extend invitations'],
      [
        byManager('POST', `/v2/org/tests/${testId}/testlinks`, { testLinkName: 'Campus', accessTime: 0 }),
        "change test links, their reminders or a test's settings",
      ],
      [byManager('POST', `/v2/org/report/${attempt.invitationId}/links/revoke`), "revoke a report's links"],
    ];
    for (const [response, words] of refusals) refusedOf(await response, `A hiring-manager key may not ${words}: ${RECRUITERS_ONLY}`);
    refusedOf(await byManager('POST', '/v2/org/tests', writtenTest), 'A hiring-manager key may not import or change tests: that needs an admin key.');
    refusedOf(
      await byManager('POST', '/v2/org/people', { name: 'Eve' }),
      "A hiring-manager key may not manage the organization's people and keys: that needs an admin key.",
    );
    expect(await h.store.db.selectFrom('invitations').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await h.store.db.selectFrom('test_links').select('id').execute()).toEqual(links);
  });

  it('tells a reviewer refused a decision the roles that may, not to use an admin key', async () => {
    const refused = expectFailure(await as(reviewer.apiKey, 'PUT', `${invitation()}/decision`, { decision: 'rejected' }), '403.17');
    expect(refused.result).toBe('A reviewer key may not decide on candidates: that needs an admin, recruiter or hiring-manager key.');
    expect(refused.result).not.toMatch(/full \(admin\) key/);
  });

  it("names the roles that may in v3's and Greenhouse's own bodies too", async () => {
    const v3 = await as(manager.apiKey, 'POST', `/v3/tests/${testId}/invite`, { name: 'Ada Candidate', email: 'v3@example.com' });
    const body = v3.json<{ statusCode: number; statuscode: string; message: string; errors: string[] }>();
    expect([v3.statusCode, body.statuscode]).toEqual([403, '403.17']);
    expect(body.errors).toEqual([`A hiring-manager key may not invite candidates: ${RECRUITERS_ONLY}`]);
    const partner = expectGreenhouseFailure(await greenhouse(h, manager.apiKey).sendTest(sendTestRequest(String(testId), { applicationId: '9001' })), '403.17');
    expect(partner.errors).toEqual([`A hiring-manager key may not invite candidates: ${RECRUITERS_ONLY}`]);
  });
});
