import { DEFAULT_AI_SETTINGS } from '@assay/domain/ai';
import type { TestSettings } from '@assay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const MODEL_ENV = { ASSAY_AI_BASE_URL: 'http://127.0.0.1:9/v1', ASSAY_AI_MODEL: 'peer-model' };
const guarded = { ...sampleDefinition, ai: { aiPolicy: 'guarded', followUps: 2 } };
const openSection = {
  ...sampleDefinition,
  sections: sampleDefinition.sections.map((section, index) => (index === 0 ? { ...section, aiPolicy: 'open' } : section)),
};

/**
 * Issue 60, item 1–2: a test's AI policy in its definition and its settings (v2 and v3); a policy that offers the
 * assistant needs a model, refused at import and at a settings change without one (400.31), as an unserved language is.
 */
describe.each(backends)('AI policy per test and per section on %s', (backend) => {
  let withModel: Harness;
  let without: Harness;
  beforeAll(async () => {
    [withModel, without] = await Promise.all([startHarness(backend, MODEL_ENV), startHarness(backend)]);
  });
  afterAll(() => Promise.all([withModel.close(), without.close()]));

  const settingsOf = (h: Harness, testId: number) => h.request({ method: 'GET', url: `/v2/org/tests/${testId}/settings` });

  it("imports a test's policy and follow-ups, answered in its settings on both fronts", async () => {
    const testId = await withModel.importTest(guarded);
    const settings = expectSuccess<TestSettings>(await settingsOf(withModel, testId));
    expect(settings.aiSettings).toEqual({ ...DEFAULT_AI_SETTINGS, aiPolicy: 'guarded', followUps: 2 });
    const v3 = await withModel.request({ method: 'GET', url: `/v3/tests/${testId}/settings` });
    expect(v3.json().aiSettings).toEqual(settings.aiSettings);
  });

  it('refuses at import a test that offers the assistant when no model is configured (400.31), storing nothing', async () => {
    const before = (await without.client.tests.list()).tests.length;
    for (const definition of [guarded, openSection]) {
      const refused = expectFailure(await without.request({ method: 'POST', url: '/v2/org/tests', body: definition }), '400.31');
      expect(refused.result).toMatch(/no model is configured.*ASSAY_AI_BASE_URL/);
    }
    expect((await without.client.tests.list()).tests.length).toBe(before);
    // Follow-ups need no model.
    expect(await without.importTest({ ...sampleDefinition, ai: { followUps: 3 } })).toBeGreaterThan(0);
  });

  it('refuses a settings change to the assistant without a model, on v2 and v3, and takes one with a model', async () => {
    const testId = await without.importTest();
    const current = expectSuccess<TestSettings>(await settingsOf(without, testId));
    const wanted = { ...current, aiSettings: { ...current.aiSettings!, aiPolicy: 'open' as const } };
    expectFailure(await without.request({ method: 'PUT', url: `/v2/org/tests/${testId}/settings`, body: wanted }), '400.31');
    const v3 = await without.request({ method: 'POST', url: `/v3/tests/${testId}/settings`, body: wanted });
    expect(v3.statusCode).toBe(400);
    expect(v3.json()).toMatchObject({ statuscode: '400.31' });
    expect(expectSuccess<TestSettings>(await settingsOf(without, testId)).aiSettings?.aiPolicy).toBe('none');

    const modelTest = await withModel.importTest();
    const modelCurrent = expectSuccess<TestSettings>(await settingsOf(withModel, modelTest));
    const changed = { ...modelCurrent, aiSettings: { ...modelCurrent.aiSettings!, aiPolicy: 'guarded' as const, assistantMessages: 10 } };
    expect(
      expectSuccess<TestSettings>(await withModel.request({ method: 'PUT', url: `/v2/org/tests/${modelTest}/settings`, body: changed })).aiSettings,
    ).toEqual(changed.aiSettings);
  });

  it("keeps the AI settings when a v3 client sends iMocha's groups only (decision 993)", async () => {
    const testId = await withModel.importTest(guarded);
    const { aiSettings, ...iMochaGroups } = expectSuccess<TestSettings>(await settingsOf(withModel, testId));
    const posted = await withModel.request({
      method: 'POST',
      url: `/v3/tests/${testId}/settings`,
      body: { ...iMochaGroups, questionSettings: { ...iMochaGroups.questionSettings, showQuestionScore: false } },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().aiSettings).toEqual(aiSettings);
    expect(expectSuccess<TestSettings>(await settingsOf(withModel, testId)).aiSettings).toEqual(aiSettings);
  });

  it("takes a changed aiSettings group beside iMocha's 0/1 switches on v3, as v2 does (decisions 993, 1029)", async () => {
    const testId = await withModel.importTest(guarded);
    const current = expectSuccess<TestSettings>(await settingsOf(withModel, testId));
    const aiSettings = { ...current.aiSettings!, aiPolicy: 'open' as const, followUps: 1 };
    const posted = await withModel.request({
      method: 'POST',
      url: `/v3/tests/${testId}/settings`,
      body: { ...current, questionSettings: { randomQuestions: 0, randomAnswers: 0, showQuestionScore: 0 }, aiSettings },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ questionSettings: { randomQuestions: false, randomAnswers: false, showQuestionScore: false }, aiSettings });
    expect(expectSuccess<TestSettings>(await settingsOf(withModel, testId)).aiSettings).toEqual(aiSettings);
    const refused = await without.request({
      method: 'POST',
      url: `/v3/tests/${await without.importTest()}/settings`,
      body: { ...current, testSettings: { ...current.testSettings, practiceTest: 1 }, aiSettings },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ statuscode: '400.31' });
  });
});
