import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, createClient, type AssayV3, type V3TestSettingsBody } from '@assay/client';
import { backends } from '../helpers/test-app.js';
import { startClientHarness, type ClientHarness } from './client-harness.js';

/** @assay/client's v3 test settings over real HTTP: iMocha's 0/1 switches sent, booleans read, AI settings kept (decisions 993, 1029). */
describe.each(backends)('client v3 test settings on %s', (backend) => {
  let ch: ClientHarness;
  let v3: AssayV3;

  beforeAll(async () => {
    ch = await startClientHarness(backend);
    v3 = createClient({ baseUrl: ch.baseUrl, apiKey: ch.h.org.apiKey, retries: 0 }).v3;
  });
  afterAll(() => ch.close());

  it("writes iMocha's 0/1 switches, reads booleans, and keeps the AI settings a body leaves out", async () => {
    const testId = await ch.h.importTest();
    const { aiSettings, ...iMochaGroups } = await v3.testSettings.get(testId);
    expect(aiSettings).toBeDefined();
    const body: V3TestSettingsBody = { ...iMochaGroups, questionSettings: { randomQuestions: 1, randomAnswers: 0, showQuestionScore: 0 } };
    const stored = await v3.testSettings.update(testId, body);
    expect(stored.questionSettings).toEqual({ randomQuestions: true, randomAnswers: false, showQuestionScore: false });
    expect(stored.aiSettings).toEqual(aiSettings);
    expect(await v3.testSettings.get(testId)).toEqual(stored);
    const two = { ...body, emailSettings: { sendTestReportEmailToCandidate: 2 } } as unknown as V3TestSettingsBody;
    await expect(v3.testSettings.update(testId, two)).rejects.toThrow(BadRequestError);
  });
});
