import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateSession, TestSettings } from '@assay/domain';
import { ASSISTANT_SYSTEM_PROMPTS } from '@assay/domain/ai';
import { metricValue, parsePrometheusText, startOpenAiPeer } from '@assay/testing';
import { candidate, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { ask, assistantDefinition, startAssistantHarness, startedAttempt, type AssistantHarness } from './helpers/assistant.js';

const METRICS_TOKEN = 'Zq8vT2kLm9pXr4sWn6yBc1dE-metrics';

/**
 * Issue 60, item 1 and 2 (server parts): the policy is fixed at the attempt's start and told in the session; the
 * org's switch; /readyz and /metrics say how the model does; without a model the assistant answers 503.71.
 */
describe.each(backends)('the assistant policy and operations on %s', (backend) => {
  let a: AssistantHarness;
  let testId: number;
  beforeAll(async () => {
    a = await startAssistantHarness(backend, { ASSAY_METRICS_TOKEN: METRICS_TOKEN });
    testId = await a.h.importTest(assistantDefinition);
  });
  afterAll(() => a.close());

  const settingsOf = async () => expectSuccess<TestSettings>(await a.h.request({ method: 'GET', url: `/v2/org/tests/${testId}/settings` }));

  it('tells the policy before the start, and fixes it with the start: a later settings change moves no attempt under way', async () => {
    const { token } = await registerFor(a.h, testId, 'landing@example.com');
    const landing = expectSuccess<CandidateSession>(await candidate(a.h, token).session()).assistant!;
    expect(landing).toMatchObject({
      fixed: false,
      policyVersion: null,
      testPolicy: 'guarded',
      questions: [],
      available: true,
      model: { name: 'peer-model', host: '127.0.0.1' },
      systemPrompts: [{ aiPolicy: 'guarded', text: ASSISTANT_SYSTEM_PROMPTS.guarded }],
    });
    expect(landing.sections.map((section) => section.aiPolicy)).toEqual(['guarded', 'guarded', 'none']);
    expect(landing.recorded).toMatch(/recorded and shown to the hiring team/);

    const running = await startedAttempt(a.h, testId, 'running@example.com');
    const fixed = running.session.assistant!;
    expect(fixed).toMatchObject({ fixed: true, policyVersion: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(fixed.questions.map(({ offered, aiPolicy }) => [aiPolicy, offered])).toEqual([
      ['guarded', true],
      ['guarded', false],
      ['guarded', true],
      ['guarded', true],
      ['none', false],
    ]);

    const current = await settingsOf();
    const changed = { ...current, aiSettings: { ...current.aiSettings!, aiPolicy: 'none' as const } };
    expectSuccess(await a.h.request({ method: 'PUT', url: `/v2/org/tests/${testId}/settings`, body: changed }));
    // The running attempt keeps its policy; one started now has the new one, under another version.
    expect((await ask(a.h, running.token, running.questions.coding, { message: 'Still there?' })).events.at(-1)!.event).toBe('done');
    expect(expectSuccess<CandidateSession>(await candidate(a.h, running.token).session()).assistant!.policyVersion).toBe(fixed.policyVersion);
    const later = await startedAttempt(a.h, testId, 'later@example.com');
    expect(later.session.assistant).toMatchObject({ testPolicy: 'none', available: false });
    expect(later.session.assistant!.policyVersion).not.toBe(fixed.policyVersion);
    expectFailure((await ask(a.h, later.token, later.questions.coding, { message: 'Help' })).response, '403.71');
    expectSuccess(await a.h.request({ method: 'PUT', url: `/v2/org/tests/${testId}/settings`, body: current }));
  });

  it('records the snapshot with the start and tells from it what remains, per question, through the submit', async () => {
    const running = await startedAttempt(a.h, testId, 'snapshot@example.com');
    const told = running.session.assistant!;
    expect(await a.h.store.assistant.snapshotOf(running.invitationId)).toEqual({
      settings: expect.objectContaining({ aiPolicy: 'guarded', assistantMessages: 5, assistantTokens: 40_000 }),
      sections: told.sections,
      version: told.policyVersion,
    });
    a.peer.setReply(() => ({ text: 'Think about the empty array.' }));
    expect((await ask(a.h, running.token, running.questions.short, { message: 'A hint?' })).events.at(-1)!.event).toBe('done');
    const after = expectSuccess<CandidateSession>(await candidate(a.h, running.token).session()).assistant!;
    expect(after.questions.map(({ questionId, messages }) => [questionId, messages])).toEqual(
      Object.values(running.questions).map((questionId) => [questionId, questionId === running.questions.short ? 1 : 0]),
    );
    expect(after.remaining.messages).toBe(4);
    expect(after.remaining.tokens).toBeLessThan(40_000);
    // The finish page reads the same snapshot and usage; no question is listed once the attempt is over.
    const submitted = expectSuccess<CandidateSession>(await candidate(a.h, running.token).submit()).assistant;
    expect(submitted).toMatchObject({ fixed: true, policyVersion: told.policyVersion, questions: [], remaining: after.remaining });
  });

  it('answers an attempt started before migration 054 (no snapshot) as policy none', async () => {
    const old = await startedAttempt(a.h, testId, 'before-054@example.com');
    await a.h.store.db.updateTable('invitations').set({ ai_snapshot: null }).where('id', '=', old.invitationId).execute();
    const told = expectSuccess<CandidateSession>(await candidate(a.h, old.token).session()).assistant!;
    expect(told).toMatchObject({ fixed: true, policyVersion: null, testPolicy: 'none', sections: [], available: false, systemPrompts: [] });
    expect(told.questions.map(({ aiPolicy, offered }) => [aiPolicy, offered])).toEqual(Object.values(old.questions).map(() => ['none', false]));
    expectFailure((await ask(a.h, old.token, old.questions.coding, { message: 'Help' })).response, '403.71');
  });

  it('switches the assistant off for the org at once, refusing it and tests that offer it, and back on (admins only)', async () => {
    const running = await startedAttempt(a.h, testId, 'switch@example.com');
    const recruiter = await a.h.client.admin.keys.create(a.h.org.orgId, { role: 'recruiter' });
    expectFailure(await a.h.request({ method: 'PUT', url: '/v2/org/ai-settings', body: { assistantEnabled: false }, apiKey: recruiter.apiKey }), '403.17');
    const off = expectSuccess<{ assistantEnabled: boolean; model: unknown; systemPrompts: unknown[] }>(
      await a.h.request({ method: 'PUT', url: '/v2/org/ai-settings', body: { assistantEnabled: false } }),
    );
    expect(off).toMatchObject({ assistantEnabled: false, model: { name: 'peer-model', host: '127.0.0.1' } });
    expect(off.systemPrompts).toHaveLength(2);
    const refused = expectFailure((await ask(a.h, running.token, running.questions.coding, { message: 'Help' })).response, '403.71');
    expect(refused.result).toMatch(/switched the AI assistant off/);
    expect(expectSuccess<CandidateSession>(await candidate(a.h, running.token).session()).assistant).toMatchObject({
      available: false,
      unavailableReason: expect.stringMatching(/switched the AI assistant off/),
    });
    const imported = expectFailure(await a.h.request({ method: 'POST', url: '/v2/org/tests', body: assistantDefinition }), '400.31');
    expect(imported.result).toMatch(/switched the assistant off/);
    // Another org is not touched.
    const other = await a.h.createOrg('Elsewhere');
    expect(await a.h.importTest(assistantDefinition, other.apiKey)).toBeGreaterThan(0);
    expectSuccess(await a.h.request({ method: 'PUT', url: '/v2/org/ai-settings', body: { assistantEnabled: true } }));
    expect((await ask(a.h, running.token, running.questions.coding, { message: 'Help' })).events.at(-1)!.event).toBe('done');
  });

  it('says on /readyz and /metrics how the model does', async () => {
    const ready = await a.h.request({ method: 'GET', url: '/readyz', apiKey: null });
    expect(ready.json().result.ai).toMatchObject({ configured: true, model: 'peer-model', answers: true, problem: null });
    const metrics = await a.h.request({ method: 'GET', url: '/metrics', apiKey: null, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const parsed = parsePrometheusText(metrics.body);
    expect(metricValue(parsed, 'assay_ai_requests_total', { outcome: 'answered' })).toBeGreaterThan(0);
    expect(metricValue(parsed, 'assay_ai_first_token_seconds_count')).toBeGreaterThan(0);
    expect(metricValue(parsed, 'assay_ai_queue_wait_seconds_count')).toBeGreaterThan(0);
    expect(metricValue(parsed, 'assay_ai_in_flight', { state: 'running' })).toBe(0);
  });
});

describe.each(backends)('the assistant without a model that answers, on %s', (backend) => {
  let down: Harness;
  let none: Harness;
  beforeAll(async () => {
    const gone = await startOpenAiPeer();
    await gone.close();
    [down, none] = await Promise.all([
      startHarness(backend, { ASSAY_AI_BASE_URL: gone.baseUrl, ASSAY_AI_MODEL: 'gone', ASSAY_AI_MAX_RETRIES: '0' }),
      startHarness(backend),
    ]);
  });
  afterAll(() => Promise.all([down.close(), none.close()]));

  it('keeps the server ready when the model does not answer, saying why', async () => {
    const ready = await down.request({ method: 'GET', url: '/readyz', apiKey: null });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().result.ai).toMatchObject({ configured: true, answers: false, problem: expect.stringMatching(/could not be reached/) });
    expect((await none.request({ method: 'GET', url: '/readyz', apiKey: null })).json().result.ai).toEqual({
      configured: false,
      model: null,
      answers: null,
      checkedAt: null,
      problem: null,
    });
  });

  it('answers 503.71 with Retry-After for an attempt whose policy offers the assistant on a server without a model', async () => {
    const testId = await none.importTest({
      ...assistantDefinition,
      ai: { aiPolicy: 'none' },
      sections: assistantDefinition.sections.map(({ aiPolicy: _, ...section }) => section),
    });
    const { token, invitationId, questions } = await startedAttempt(none, testId, 'nomodel@example.com');
    const sections = await none.store.tests.sections(testId);
    // The attempt started under a guarded policy while a model was configured (it was removed since).
    const snapshot = {
      settings: { aiPolicy: 'guarded', followUps: 0, followUpSeconds: 120, assistantMessages: 5, assistantTokens: 40_000 },
      sections: sections.map((section) => ({ sectionId: section.id, aiPolicy: 'guarded' })),
      version: 'abcdef012345',
    };
    await none.store.db
      .updateTable('invitations')
      .set({ ai_snapshot: JSON.stringify(snapshot) })
      .where('id', '=', invitationId)
      .execute();
    const { response } = await ask(none, token, questions.coding, { message: 'Help' });
    const refused = expectFailure(response, '503.71');
    expect(response.headers['retry-after']).toBe('300');
    expect(refused.result).toMatch(/No AI model is set up/);
    expect(expectSuccess<CandidateSession>(await candidate(none, token).session()).assistant).toMatchObject({ available: false, model: null });
  });
});
