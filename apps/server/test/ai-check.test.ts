import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiCheck } from '@assay/domain/ai';
import type { PeerChatRequest, PeerReply } from '@assay/testing';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness } from './helpers/test-app.js';
import { startAssistantHarness, type AssistantHarness } from './helpers/assistant.js';

const definition = {
  testName: 'Checked',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 30,
      questions: [
        { type: 'coding', text: 'Return the sum of a and b.', marks: 5, functionName: 'add', hiddenTests: [{ args: [1, 2], expected: 3 }] },
        { type: 'coding', text: 'Return the product of a and b.', marks: 5, functionName: 'times', hiddenTests: [{ args: [2, 3], expected: 6 }] },
      ],
    },
  ],
};

const questionOf = (request: PeerChatRequest): string => {
  const system = request.messages[0]!.content;
  return (JSON.parse(system.slice(system.indexOf('{'))) as { question: string }).question;
};

/** A right sum, a wrong product. */
const answer = (request: PeerChatRequest): PeerReply =>
  questionOf(request).startsWith('Return the sum')
    ? { text: '```js\nfunction add(a, b) {\n  return a + b;\n}\n```' }
    : { text: '```js\nfunction times(a, b) {\n  return a + b;\n}\n```' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Issue 60 item 7: which questions a model solves, through v2 (tenancy, roles, idempotency, one check at a time). */
describe.each(backends)('the ai-check routes on %s', (backend) => {
  let a: AssistantHarness;
  let testId: number;
  beforeAll(async () => {
    a = await startAssistantHarness(backend, {}, { reply: answer, firstTokenDelayMs: 300 });
    testId = await a.h.importTest(definition);
  });
  afterAll(() => a.close());

  const url = () => `/v2/org/tests/${testId}/ai-check`;
  const latest = async () => expectSuccess<AiCheck>(await a.h.request({ method: 'GET', url: url() }));

  it('starts a check (idempotent under Idempotency-Key), refuses a second while it runs, and answers the results per question', async () => {
    expectFailure(await a.h.request({ method: 'GET', url: url() }), '404.104');
    const headers = { 'idempotency-key': `ai-check-${backend}` };
    const started = expectSuccess<AiCheck>(await a.h.request({ method: 'POST', url: url(), headers }));
    expect(started).toMatchObject({ testId, state: 'running', model: 'peer-model', questionsChecked: 0, questionsTotal: 2, finishedAt: null, questions: [] });
    expect(expectSuccess<AiCheck>(await a.h.request({ method: 'POST', url: url(), headers })).checkId).toBe(started.checkId);
    const refused = expectFailure(await a.h.request({ method: 'POST', url: url() }), '409.103');
    expect(refused.result).toContain(`Check ${started.checkId} of test ${testId} is still running`);

    let check = await latest();
    for (let waited = 0; check.state === 'running' && waited < 120_000; waited += 250) {
      await sleep(250);
      check = await latest();
    }
    expect(check).toMatchObject({ checkId: started.checkId, state: 'done', questionsChecked: 2, problem: null });
    expect(check.questions.map(({ summary }) => summary)).toEqual(['solved 3 of 3 in JavaScript', 'solved 0 of 3 in JavaScript']);
    expect(a.peer.requests).toHaveLength(6);
    // Done, a new check may start.
    expect(expectSuccess<AiCheck>(await a.h.request({ method: 'POST', url: url() })).checkId).toBeGreaterThan(started.checkId);
  }, 180_000);

  it("answers another org's test as a missing one, and refuses a reviewer key", async () => {
    const other = await a.h.createOrg('Other');
    expectFailure(await a.h.request({ method: 'GET', url: url(), apiKey: other.apiKey }), '404.2');
    expectFailure(await a.h.request({ method: 'POST', url: url(), apiKey: other.apiKey }), '404.2');
    const reviewer = await a.h.client.admin.keys.create(a.h.org.orgId, { role: 'reviewer' });
    expectFailure(await a.h.request({ method: 'POST', url: url(), apiKey: reviewer.apiKey }), '403.17');
    expectSuccess<AiCheck>(await a.h.request({ method: 'GET', url: url(), apiKey: reviewer.apiKey }));
  });

  it('refuses a check when the org switched the assistant off (400.31), saying so', async () => {
    const org = await a.h.createOrg('Switched off');
    const ownTest = await a.h.importTest(definition, org.apiKey);
    expectSuccess(await a.h.request({ method: 'PUT', url: '/v2/org/ai-settings', body: { assistantEnabled: false }, apiKey: org.apiKey }));
    const refused = expectFailure(await a.h.request({ method: 'POST', url: `/v2/org/tests/${ownTest}/ai-check`, apiKey: org.apiKey }), '400.31');
    expect(refused.result).toMatch(/^Checking which questions a model solves needs a model, but the organization has switched the assistant off/);
  });
});

describe.each(backends)('the ai-check without a model on %s', (backend) => {
  it('refuses to start (400.31) and stores nothing', async () => {
    const h = await startHarness(backend);
    try {
      const testId = await h.importTest(definition);
      const refused = expectFailure(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/ai-check` }), '400.31');
      expect(refused.result).toMatch(/no model is configured on this Assay/);
      expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/ai-check` }), '404.104');
    } finally {
      await h.close();
    }
  });
});
