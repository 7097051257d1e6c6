import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationHistory } from '@assay/domain';
import { candidate, questionIdsOf } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { sampleDefinition } from './helpers/fixtures.js';
import { DOCUMENTED_FAILURES, greenhouseAuthorization, sendTestRequest } from './helpers/greenhouse-contract.js';
import { expectGreenhouseFailure, greenhouse } from './helpers/greenhouse.js';
import { pdfLines, pdfPageCount } from './helpers/pdf-text.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/** Issue 33, item 1: Greenhouse's Assessment Partner API, played as Greenhouse plays it, every answer checked against its docs. */
describe.each(backends)('the Greenhouse partner API on %s', (backend) => {
  let h: Harness;
  let gh: ReturnType<typeof greenhouse>;
  let testId: number;
  let inactiveId: number;
  let other: { orgId: number; apiKey: string };

  beforeAll(async () => {
    h = await startHarness(backend);
    gh = greenhouse(h);
    testId = await h.importTest();
    inactiveId = await h.importTest({ ...sampleDefinition, testName: 'Retired', testStatus: 'Inactive' });
    other = await h.createOrg('Other');
    await h.importTest({ ...sampleDefinition, testName: 'Not yours' }, other.apiKey);
  });
  afterAll(() => h.close());

  const history = async (invitationId: number) =>
    expectSuccess<InvitationHistory>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/history` })).entries;
  const interviewOf = async (interviewId: string) => (await h.store.greenhouse.find(h.org.orgId, Number(interviewId)))!;

  describe('authentication: an org API key as the Basic user name, empty password', () => {
    it('takes the key, and refuses everything else with 401 and a Basic challenge', async () => {
      await gh.tests();
      expect(DOCUMENTED_FAILURES.unauthenticated).toBe(401);
      expectGreenhouseFailure(await gh.listTests(null), '401.1');
      expectGreenhouseFailure(await gh.call('GET', '/list_tests', undefined, null, { 'x-api-key': h.org.apiKey }), '401.1');
      expectGreenhouseFailure(await gh.listTests('assay_not-a-key-of-anyone-at-all'), '401.2');
      expectGreenhouseFailure(
        await gh.call('GET', '/list_tests', undefined, null, { authorization: greenhouseAuthorization(h.org.apiKey, 'secret') }),
        '401.2',
      );
      expectGreenhouseFailure(await gh.listTests('k'.repeat(171)), '401.2');
      expectGreenhouseFailure(await gh.call('GET', '/list_tests', undefined, null, { authorization: `Bearer ${h.org.apiKey}` }), '401.1');
    });

    it('stops answering a revoked key', async () => {
      const extra = await h.client.admin.keys.create(h.org.orgId, { label: 'Greenhouse' });
      await gh.call('GET', '/list_tests', undefined, extra.apiKey).then((response) => expect(response.statusCode).toBe(200));
      await h.client.admin.keys.revoke(h.org.orgId, extra.keyId);
      expectGreenhouseFailure(await gh.listTests(extra.apiKey), '401.2');
    });

    it('answers an unknown path of the API in its own shape', async () => {
      expectGreenhouseFailure(await gh.call('GET', '/nothing_here'), '404.1');
    });
  });

  it("list_tests: the org's Active tests, ids as strings, nobody else's", async () => {
    const tests = await gh.tests();
    expect(tests).toContainEqual({ partner_test_id: String(testId), partner_test_name: 'Backend screening' });
    expect(tests.map((test) => test.partner_test_id)).not.toContain(String(inactiveId));
    expect(tests.map((test) => test.partner_test_name)).not.toContain('Not yours');
  });

  it('send_test registers the candidate (history: created via greenhouse) and emails the link through the outbox', async () => {
    const interviewId = await gh.send(sendTestRequest(String(testId), { email: 'first@hogwarts.edu', applicationId: '1001' }));
    const interview = await interviewOf(interviewId);
    const report = expectSuccess<{ emailId: string; fullName: string; testStatus: string }>(
      await h.request({ method: 'GET', url: `/v2/org/report/${interview.invitationId}` }),
    );
    expect(report).toMatchObject({ emailId: 'first@hogwarts.edu', fullName: 'Harry Potter', testStatus: 'Pending' });
    expect((await history(interview.invitationId))[0]).toMatchObject({ kind: 'created', details: { via: 'greenhouse' }, by: { keyId: expect.any(Number) } });
    const emails = (await h.store.jobs.ofInvitation(h.org.orgId, interview.invitationId)).filter((job) => job.kind === 'link_email');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ target: 'first@hogwarts.edu', payload: JSON.stringify({ reason: 'greenhouse' }) });
  });

  it('send_test takes a candidate with one name (last_name "" or null) under that name; none at all is refused (decision 803)', async () => {
    const oneName = sendTestRequest(String(testId), { email: 'suharto@example.com', applicationId: '5001' });
    const interviewId = await gh.send({ ...oneName, candidate: { ...oneName.candidate, first_name: 'Suharto', last_name: '' } });
    const report = expectSuccess<{ fullName: string }>(
      await h.request({ method: 'GET', url: `/v2/org/report/${(await interviewOf(interviewId)).invitationId}` }),
    );
    expect(report.fullName).toBe('Suharto');
    const nullName = sendTestRequest(String(testId), { email: 'teller@example.com', applicationId: '5002' });
    await gh.send({ ...nullName, candidate: { ...nullName.candidate, first_name: 'Teller', last_name: null } });
    const noName = sendTestRequest(String(testId), { email: 'nobody@example.com', applicationId: '5003' });
    const refused = expectGreenhouseFailure(await gh.sendTest({ ...noName, candidate: { ...noName.candidate, first_name: '', last_name: '' } }), '400.2');
    expect(refused.errors[0]).toMatch(/first_name and candidate.last_name must not both be empty/);
  });

  it('the same application sent twice is the same interview, one invitation, one email; another application is another interview', async () => {
    const request = sendTestRequest(String(testId), { email: 'twice@hogwarts.edu', applicationId: '2002' });
    const first = await gh.send(request);
    const again = await gh.send({ ...request, url: 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/999' });
    expect(again).toBe(first);
    const interview = await interviewOf(first);
    expect(interview.callbackUrl).toBe('https://app.greenhouse.io/integrations/testing_partners/take_home_tests/999');
    expect((await h.store.jobs.ofInvitation(h.org.orgId, interview.invitationId)).filter((job) => job.kind === 'link_email')).toHaveLength(1);
    // Leading zeros name the same application.
    expect(await gh.send(sendTestRequest(String(testId), { email: 'twice@hogwarts.edu', applicationId: '0002002' }))).toBe(first);
    const otherApplication = await gh.send(sendTestRequest(String(testId), { email: 'twice@hogwarts.edu', applicationId: '2003' }));
    expect(otherApplication).not.toBe(first);
    // One candidate, one test: both applications' interviews stand for the one invitation.
    expect((await interviewOf(otherApplication)).invitationId).toBe(interview.invitationId);
  });

  it('after a cancel in Assay, sending again invites anew under the same interview', async () => {
    const request = sendTestRequest(String(testId), { email: 'cancelled@hogwarts.edu', applicationId: '3003' });
    const interviewId = await gh.send(request);
    const before = await interviewOf(interviewId);
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${before.invitationId}/cancel` }));
    expect((await gh.status(interviewId)).partner_status).toBe('cancelled');
    expect(await gh.send(request)).toBe(interviewId);
    const after = await interviewOf(interviewId);
    expect(after.invitationId).not.toBe(before.invitationId);
    expect(after.status).toBe('Pending');
    expect((await gh.status(interviewId)).partner_status).toBe('invited');
  });

  it('send_test refuses what it cannot use, in its own failure shape', async () => {
    expectGreenhouseFailure(await gh.sendTest(sendTestRequest('999999')), '404.2');
    expectGreenhouseFailure(await gh.sendTest(sendTestRequest('not-an-id')), '404.2');
    const othersTest = (await greenhouse(h, other.apiKey).tests())[0]!.partner_test_id;
    expectGreenhouseFailure(await gh.sendTest(sendTestRequest(othersTest)), '404.2');
    const noApplication = expectGreenhouseFailure(
      await gh.sendTest(sendTestRequest(String(testId), { profileUrl: 'https://app.greenhouse.io/people/17681532' })),
      '400.2',
    );
    expect(noApplication.errors[0]).toMatch(/application_id/);
    const { candidate: _, ...withoutCandidate } = sendTestRequest(String(testId));
    expect(expectGreenhouseFailure(await gh.sendTest(withoutCandidate), '400.2').errors[0]).toMatch(/candidate/);
    expectGreenhouseFailure(await gh.sendTest(sendTestRequest(String(testId), { email: 'not-an-address' })), '400.2');
    // The SSRF rules of a callbackURL: no credentials in the URL (an address check is in the private-address case below).
    expectGreenhouseFailure(await gh.sendTest(sendTestRequest(String(testId), { url: 'https://user:pw@app.greenhouse.io/x' })), '400.11');
    expectGreenhouseFailure(await gh.call('POST', '/send_test', undefined, undefined, {}), '400.2');
  });

  it('test_status follows the attempt: invited, in_progress, submitted, then complete with score, metadata and a report link', async () => {
    const interviewId = await gh.send(sendTestRequest(String(testId), { email: 'status@hogwarts.edu', applicationId: '4004' }));
    expect(await gh.status(interviewId)).toEqual({ partner_status: 'invited', partner_profile_url: null, partner_score: null, metadata: null });
    const { invitationId } = await interviewOf(interviewId);
    const invitation = (await h.store.invitations.find(h.org.orgId, invitationId))!;
    const api = candidate(h, invitation.token);
    const [single] = questionIdsOf(await api.client.start());
    expect((await gh.status(interviewId)).partner_status).toBe('in_progress');
    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    expectSuccess(await api.submit());
    expect((await gh.status(interviewId)).partner_status).toBe('submitted');
    await h.drainJobs();
    const status = await gh.status(interviewId);
    expect(status).toMatchObject({ partner_status: 'complete', partner_score: 2 });
    expect(status.metadata).toMatchObject({
      'Test Name': 'Backend screening',
      Score: '2 / 10',
      Percentage: 20,
      'Section: Fundamentals': '2 / 5',
      'Section: Coding': '0 / 5',
    });
    const link = new URL(status.partner_profile_url!);
    expect(link.origin).toBe('https://assay.test');
    const pdf = await h.request({ method: 'GET', url: `${link.pathname}${link.search}`, apiKey: null });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('test_status answers 404 for an interview of another org, or none', async () => {
    const interviewId = await gh.send(sendTestRequest(String(testId), { email: 'mine@hogwarts.edu', applicationId: '5005' }));
    expect(DOCUMENTED_FAILURES.notFound).toBe(404);
    expectGreenhouseFailure(await greenhouse(h, other.apiKey).testStatus(interviewId), '404.13');
    for (const id of ['99999999', '0', 'abc', '', '9007199254740993']) expectGreenhouseFailure(await gh.testStatus(id), '404.13');
    expectGreenhouseFailure(await gh.call('GET', '/test_status'), '400.4');
  });

  it("response_error is recorded in the interview's invitation history, by the key; unmatched reports answer 200 all the same", async () => {
    const interviewId = await gh.send(sendTestRequest(String(testId), { email: 'errors@hogwarts.edu', applicationId: '6006' }));
    const { invitationId } = await interviewOf(interviewId);
    const report = {
      api_call: 'test_status',
      errors: ["partner_status is 'complete' but partner_profile url is missing"],
      partner_test_id: String(testId),
      partner_test_name: 'Backend screening',
      partner_interview_id: interviewId,
      candidate_email: 'errors@hogwarts.edu',
    };
    await gh.reportError(report);
    // Without an interview id: found by the test and the candidate's address.
    await gh.reportError({ api_call: 'send_test', errors: ['x'], partner_test_id: String(testId), candidate_email: 'ERRORS@hogwarts.edu' });
    const entries = (await history(invitationId)).filter((entry) => entry.kind === 'greenhouse-error');
    expect(entries).toMatchObject([
      { by: { keyId: expect.any(Number) }, details: { apiCall: 'test_status', errors: report.errors, errorCount: 1 } },
      { details: { apiCall: 'send_test', errors: ['x'], errorCount: 1 } },
    ]);
    await gh.reportError({ api_call: 'list_tests', errors: ['unexpected data type'] });
    await gh.reportError({ api_call: 'test_status', errors: [], partner_interview_id: '99999999' });
    // Another org cannot write into this history.
    await greenhouse(h, other.apiKey).reportError({ ...report, errors: ['from another org'] });
    expect((await history(invitationId)).filter((entry) => entry.kind === 'greenhouse-error')).toHaveLength(2);
    expectGreenhouseFailure(await gh.responseError({ errors: ['no api_call'] }), '400.2');
    expectGreenhouseFailure(await gh.responseError({ api_call: 'x', errors: 'not a list' }), '400.2');
  });

  it('a reviewer key lists and reads, and may neither send a test nor report an error (403.17)', async () => {
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel' });
    const asReviewer = greenhouse(h, reviewer.apiKey);
    expect((await asReviewer.tests()).length).toBeGreaterThan(0);
    const interviewId = await gh.send(sendTestRequest(String(testId), { email: 'reviewed@hogwarts.edu', applicationId: '7007' }));
    expect((await asReviewer.status(interviewId)).partner_status).toBe('invited');
    // response_error writes into a history: only the key Greenhouse sends tests with, an admin key (decision 636).
    const notYours = expectGreenhouseFailure(
      await asReviewer.responseError({ api_call: 'test_status', errors: ['candidate cheated, see https://example.com'], partner_interview_id: interviewId }),
      '403.17',
    );
    expect(notYours.errors[0]).toMatch(/reviewer key/);
    const { invitationId } = await interviewOf(interviewId);
    expect((await history(invitationId)).filter((entry) => entry.kind === 'greenhouse-error')).toEqual([]);
    const refused = expectGreenhouseFailure(await asReviewer.sendTest(sendTestRequest(String(testId), { applicationId: '7008' })), '403.17');
    expect(refused.errors[0]).toMatch(/reviewer key/);
    expect(await h.store.greenhouse.interviewOf(h.org.orgId, '7008', testId)).toBeUndefined();
  });

  it('send_test takes an https url, refuses plain http (400.11), and takes http to this machine only with private callbacks', async () => {
    const url = (text: string, applicationId: string) => sendTestRequest(String(testId), { email: `u${applicationId}@hogwarts.edu`, applicationId, url: text });
    await gh.send(url('https://app.greenhouse.io/integrations/testing_partners/take_home_tests/9', '9001'));
    for (const [index, text] of ['http://app.greenhouse.io/integrations/testing_partners/take_home_tests/9', 'HTTP://example.com/x'].entries()) {
      const refused = expectGreenhouseFailure(await gh.sendTest(url(text, `910${index}`)), '400.11');
      expect(refused.errors[0]).toMatch(/^url is not allowed: it must be https/);
      expect(await h.store.greenhouse.interviewOf(h.org.orgId, `910${index}`, testId)).toBeUndefined();
    }
    // This harness allows private callbacks (a development setup): its receivers on this machine have no certificate.
    await gh.send(url('http://127.0.0.1:8080/patch', '9201'));
    await gh.send(url('http://localhost:8080/patch', '9202'));
    expectGreenhouseFailure(await gh.sendTest(url('not a url', '9203')), '400.2');
  });

  it('response_error leaves a bounded history: 150 reports of 20 × 1,000 characters keep the first and last 10, cut, and count the rest', async () => {
    const interviewId = await gh.send(sendTestRequest(String(testId), { email: 'flood@hogwarts.edu', applicationId: '8008' }));
    const { invitationId } = await interviewOf(interviewId);
    const errors = Array.from({ length: 20 }, (_, index) => `${index}`.padEnd(1000, 'x'));
    for (let report = 0; report < 150; report += 1) {
      await gh.reportError({ api_call: `call-${report}`, errors, partner_interview_id: interviewId });
    }
    const answer = expectSuccess<InvitationHistory>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/history` }));
    const reports = answer.entries.filter((entry) => entry.kind === 'greenhouse-error');
    expect(reports.map((entry) => entry.details.apiCall)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `call-${index}`),
      ...Array.from({ length: 10 }, (_, index) => `call-${140 + index}`),
    ]);
    for (const { details } of reports) {
      expect(details.errorCount).toBe(20);
      expect(details.errors).toHaveLength(5);
      expect(details.errors.every((error) => error.length === 200)).toBe(true);
    }
    expect(answer.omitted).toEqual([{ kind: 'greenhouse-error', count: 130 }]);
    expect(JSON.stringify(answer).length).toBeLessThan(40_000);
    // Storage too, not only the read.
    const stored = await h.store.db.selectFrom('invitation_history').select('id').where('invitation_id', '=', invitationId).execute();
    expect(stored.length).toBeLessThanOrEqual(21);
    // The PDF, which draws the history, stays a few pages (165 before).
    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdfPageCount(pdf.rawPayload)).toBeLessThan(10);
    expect(pdfLines(pdf.rawPayload).join('\n')).toContain('… 130 more "Greenhouse error report" entries not kept');
  });
});

describe('the Greenhouse partner API without private callbacks', () => {
  it('refuses a send_test whose url is a private address, as it refuses such a callbackURL (400.11)', async () => {
    const h = await startHarness('sqlite', { ASSAY_ALLOW_PRIVATE_CALLBACKS: 'false' });
    try {
      const testId = await h.importTest();
      const gh = greenhouse(h);
      for (const url of ['http://127.0.0.1:8080/patch', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x']) {
        expect(expectGreenhouseFailure(await gh.sendTest(sendTestRequest(String(testId), { url })), '400.11').errors[0]).toMatch(/^url is not allowed/);
      }
      // Plain http to this machine only where private callbacks are allowed (decision 637); https to it is the SSRF guard's.
      const localhost = await gh.sendTest(sendTestRequest(String(testId), { url: 'http://localhost:8080/patch' }));
      expect(expectGreenhouseFailure(localhost, '400.11').errors[0]).toMatch(/ASSAY_ALLOW_PRIVATE_CALLBACKS/);
      expectGreenhouseFailure(await gh.sendTest(sendTestRequest(String(testId), { url: 'https://127.0.0.1/patch' })), '400.11');
      expect(await h.store.greenhouse.interviewOf(h.org.orgId, '26234709', testId)).toBeUndefined();
    } finally {
      await h.close();
    }
  });
});
