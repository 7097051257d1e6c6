import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSettings, defaultTestSettingsOf } from '@assay/domain';
import { sampleDefinition } from './helpers/fixtures.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const shuffling = { ...sampleDefinition, sections: sampleDefinition.sections.map((section) => ({ ...section, shuffleQuestions: true, shuffleOptions: true })) };

const changed = (settings: TestSettings): TestSettings => ({
  ...settings,
  testSettings: { ...settings.testSettings, testAliasName: 'Backend', practiceTest: true },
  questionSettings: { randomQuestions: false, randomAnswers: true, showQuestionScore: true },
  displayMessageSettings: { sectionEndPopup: true, sectionTimeLeftAlert: true, candidateFeedback: true },
  emailSettings: { sendTestReportEmailToCandidate: true },
});

/**
 * Issue 52 item 3, the test settings API (decision 931): `GET/POST /v3/tests/{testId}/settings` bare, as v3 answers, and
 * `GET/PUT /v2/org/tests/{testId}/settings` in the envelope — one object, so what one front writes the other reads.
 * A test never set answers its defaults; a partial or wrong body is refused in each front's shape and stores nothing;
 * another org's test answers as a missing one.
 */
describe.each(backends)('test settings on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  const v2 = (testId: number, body?: unknown, apiKey?: string) =>
    h.request({ method: body === undefined ? 'GET' : 'PUT', url: `/v2/org/tests/${testId}/settings`, body, ...(apiKey ? { apiKey } : {}) });
  const v3 = (testId: number, body?: unknown, apiKey?: string) =>
    h.request({ method: body === undefined ? 'GET' : 'POST', url: `/v3/tests/${testId}/settings`, body, ...(apiKey ? { apiKey } : {}) });

  it('answers the defaults of a test never set: its name, its sections’ shuffling, marks shown, everything else off', async () => {
    const plain = await h.importTest();
    const shuffled = await h.importTest(shuffling);
    expect(expectSuccess(await v2(plain))).toEqual(defaultTestSettingsOf({ name: 'Backend screening', definition: { sections: [{}] } as never }));
    const viaV3 = await v3(shuffled);
    expect(viaV3.statusCode).toBe(200);
    expect(viaV3.json()).toMatchObject({ questionSettings: { randomQuestions: true, randomAnswers: true, showQuestionScore: true } });
    expect(viaV3.json()).toEqual(expectSuccess(await v2(shuffled)));
  });

  it('writes the whole object through v3 (201) and v2 alike, each reading what the other wrote', async () => {
    const testId = await h.importTest();
    const wanted = changed(expectSuccess<TestSettings>(await v2(testId)));
    const posted = await v3(testId, wanted);
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toEqual(wanted);
    expect(expectSuccess(await v2(testId))).toEqual(wanted);

    const back = { ...wanted, questionSettings: { ...wanted.questionSettings, showQuestionScore: false } };
    expect(expectSuccess(await v2(testId, back))).toEqual(back);
    expect((await v3(testId)).json()).toEqual(back);
    expect(await h.client.testSettings.get(testId)).toEqual(back);
  });

  it('refuses a partial or wrong object in each front’s shape, storing nothing', async () => {
    const testId = await h.importTest();
    const before = expectSuccess<TestSettings>(await v2(testId));
    const bad = [
      { questionSettings: before.questionSettings },
      { ...before, emailSettings: {} },
      { ...before, imageProctoringSettings: { terminateTestOnImageViolation: true, terminateTestAfterViolationCount: 101 } },
      { ...before, testSettings: { ...before.testSettings, testName: '' } },
      // A test keeps its name (decision 883): testAliasName shows another.
      { ...before, testSettings: { ...before.testSettings, testName: 'Renamed' } },
      { ...before, testSettings: { ...before.testSettings, testAliasName: 'Back\u001bend' } },
      { ...before, questionSettings: { ...before.questionSettings, randomQuestions: 'yes' } },
      { ...before, shuffle: true },
    ];
    for (const body of bad) {
      expectFailure(await v2(testId, body), '400.2');
      const refused = await v3(testId, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ statusCode: 400, message: expect.any(String), errors: [expect.any(String)] });
    }
    expect(expectSuccess(await v2(testId))).toEqual(before);
  });

  it('answers another org’s test as a missing one (404 each way), and refuses a reviewer’s change (403.17)', async () => {
    const testId = await h.importTest();
    const other = await h.createOrg('Other');
    const settings = expectSuccess<TestSettings>(await v2(testId));
    expectFailure(await v2(testId, undefined, other.apiKey), '404.2');
    expectFailure(await v2(testId, changed(settings), other.apiKey), '404.2');
    expectFailure(await v2(999_999, changed(settings)), '404.2');
    for (const response of [await v3(testId, undefined, other.apiKey), await v3(testId, changed(settings), other.apiKey), await v3(999_999)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, message: expect.stringMatching(/^No test \d+\.$/) });
    }
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer' });
    expect(expectSuccess(await v2(testId, undefined, reviewer.apiKey))).toEqual(settings);
    expectFailure(await v2(testId, changed(settings), reviewer.apiKey), '403.17');
    expect((await v3(testId, changed(settings), reviewer.apiKey)).statusCode).toBe(403);
    expect(expectSuccess(await v2(testId))).toEqual(settings);
  });
});
