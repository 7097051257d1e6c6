import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationError, BadRequestError, NotFoundError, PermissionDeniedError, candidateTokenOf, createClient } from '@assay/client';
import { testDefinitionJsonSchema } from '@assay/domain';
import { backends } from '../helpers/test-app.js';
import { completeAttempt, sampleDefinition, startClientHarness, type ClientHarness } from './client-harness.js';

describe.each(backends)('@assay/client against the real server on %s: tests, links, invitations', (backend) => {
  let t: ClientHarness;
  let testId: number;
  beforeAll(async () => {
    t = await startClientHarness(backend);
    testId = (await t.client.tests.import(sampleDefinition)).testId;
  });
  afterAll(() => t.close());

  it('imports, lists, pages through and reads tests (4.1, 4.2, import)', async () => {
    const imported = await t.client.tests.import({ ...sampleDefinition, testName: 'Second test', testStatus: 'Inactive' });
    expect(imported).toMatchObject({ testName: 'Second test', testStatus: 'Inactive', duration: 60, questions: 3 });
    expect(imported.sections.map((section) => section.sectionType)).toEqual(['General Questions', 'Coding Questions']);
    for (let index = 0; index < 3; index++) await t.client.tests.import({ ...sampleDefinition, testName: `Bulk ${index}` });

    const page = await t.client.tests.list({ page_size: 2, page_no: 2 });
    expect(page.testsCount).toBe(5);
    expect(page.tests).toHaveLength(2);
    const all = [];
    for await (const test of t.client.tests.all({ page_size: 2 })) all.push(test.testId);
    expect(all).toHaveLength(5);
    expect(new Set(all).size).toBe(5);

    const details = await t.client.tests.get(testId);
    expect(details).toMatchObject({ testId, testName: 'Backend screening', testStatus: 'Active' });
    expect(details.accessKey).toEqual(expect.any(String));
  });

  it('checks a definition without importing it: its wrong-on-purpose solution passing every hidden test is a problem', async () => {
    const coding = sampleDefinition.sections[1]!;
    const question = { type: 'coding' as const, text: 'Add.', functionName: 'add', hiddenTests: [{ args: [2, 2], expected: 4 }] };
    const definition = {
      ...sampleDefinition,
      sections: [
        { ...coding, questions: [{ ...question, wrongSolutions: [{ language: 'javascript' as const, code: 'function add(a, b) { return a * b; }' }] }] },
      ],
    };
    const check = await t.client.tests.check(definition);
    expect(check.solutions).toEqual([
      { path: ['sections', 0, 'questions', 0, 'wrongSolutions', 0], kind: 'wrong', language: 'javascript', passed: 1, total: 1 },
    ]);
    expect(check.problems.map((problem) => problem.message)).toEqual([
      'your hidden tests accept a wrong answer: wrong solution (wrongSolutions[0], JavaScript) passes all 1 of them',
    ]);
  });

  it('reads the public reference data: time zones and the test-definition schema', async () => {
    const zones = await t.client.timeZones.list();
    expect(zones).toContainEqual({ timeZoneId: 1720, iana: 'Asia/Kolkata', name: 'India Standard Time' });
    const schema = await t.client.tests.definitionSchema();
    expect(schema).toEqual(JSON.parse(JSON.stringify(testDefinitionJsonSchema())));
    expect(await t.client.health.live()).toEqual({ status: 'ok' });
    expect(await t.client.health.ready()).toEqual({ status: 'ok' });
  });

  it('creates, reads, lists and updates test links, and registers through one (4.3–4.6, 4.8)', async () => {
    const link = await t.client.testLinks.create(testId, {
      testLinkName: 'Spring hiring',
      accessTime: 1,
      startDateTime: '2026-01-01T09:00:00',
      endDateTime: '2036-01-01T09:00:00',
      timeZoneId: 1720,
    });
    expect(link).toMatchObject({ testId, testLinkName: 'Spring hiring', accessTime: 1, testLinkStatus: 1, timeZoneId: 1720, inviteCandidateOnly: 0 });
    expect(await t.client.testLinks.get(testId, link.testLinkId)).toEqual(link);
    const updated = await t.client.testLinks.update(testId, link.testLinkId, {
      testLinkName: 'Spring hiring',
      accessTime: 0,
      startDateTime: '',
      endDateTime: '',
      testLinkStatus: 3,
    });
    expect(updated).toMatchObject({ accessTime: 0, startDateTime: null, endDateTime: null, testLinkStatus: 3 });
    expect((await t.client.testLinks.list(testId)).map((entry) => entry.testLinkId)).toContain(link.testLinkId);
    await t.client.testLinks.update(testId, link.testLinkId, { testLinkName: 'Spring hiring', accessTime: 0, testLinkStatus: 1 });

    const registered = await t.client.testLinks.register(testId, link.testLinkId, { emailId: 'link@example.com', fullName: 'Link Candidate' });
    expect(registered.testUrl).toMatch(/^https:\/\/assay\.test\/t\//);
    expect(registered.testAccessTime).toEqual(expect.any(String));
  });

  it('registers, cancels, reattempts and resets invitations (4.7, 4.9, 4.10, reset)', async () => {
    const pending = await t.client.invitations.register(testId, { emailId: 'cancel@example.com', fullName: 'To Cancel' });
    expect(candidateTokenOf(pending.takeTestURL).length).toBeGreaterThan(40);
    expect(await t.client.invitations.cancel(pending.testInvitationId, { testId })).toEqual({
      testInvitationId: pending.testInvitationId,
      status: 'cancelled',
    });

    const completed = await completeAttempt(t.client, testId, 'again@example.com');
    const reattempt = await t.client.invitations.reattempt(completed);
    expect(reattempt.testInvitationId).not.toBe(completed);
    expect(reattempt.takeTestURL).toMatch(/\/t\//);
    expect(await t.client.invitations.reset(completed)).toEqual({ testInvitationId: completed, testStatus: 'Reset' });

    const refused = await t.client.invitations.reattempt(reattempt.testInvitationId).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(refused).toMatchObject({ status: 403, statuscode: '403.4', description: 'Operation on resource cannot be performed' });
  });

  it('turns refusals into typed errors with the statuscode and the request id', async () => {
    const missing = await t.client.tests.get(987_654).catch((caught: unknown) => caught);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, statuscode: '404.2', message: 'No test 987654.' });
    expect((missing as NotFoundError).requestId).toEqual(expect.any(String));

    const invalid = await t.client.testLinks.create(testId, { testLinkName: '', accessTime: 0 }).catch((caught: unknown) => caught);
    expect(invalid).toBeInstanceOf(BadRequestError);
    expect(invalid).toMatchObject({ statuscode: '400.2' });

    const datesMissing = await t.client.testLinks.create(testId, { testLinkName: 'Slots', accessTime: 2 }).catch((caught: unknown) => caught);
    expect(datesMissing).toMatchObject({ statuscode: '400.6' });

    const stranger = createClient({ baseUrl: t.baseUrl, apiKey: 'not-a-key', retries: 0 });
    await expect(stranger.tests.list()).rejects.toBeInstanceOf(AuthenticationError);
    const keyless = createClient({ baseUrl: t.baseUrl, retries: 0 });
    await expect(keyless.tests.list()).rejects.toMatchObject({ statuscode: '401.1' });
  });

  it("answers another org's ids exactly like missing ones", async () => {
    const other = await t.h.createOrg('Other Org');
    const otherClient = t.clientWith({ apiKey: other.apiKey });
    const error = await otherClient.tests.get(testId).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ statuscode: '404.2', message: `No test ${testId}.` });
    expect((await otherClient.tests.list()).testsCount).toBe(0);
  });
});
