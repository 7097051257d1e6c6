import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FairGate, ModelClient } from '@assay/ai';
import { Secret } from '@assay/config';
import { TestDefinition } from '@assay/domain';
import { Sandbox } from '@assay/sandbox';
import { openScratchStore, type Store } from '@assay/store';
import { startOpenAiPeer, type OpenAiPeer, type PeerChatRequest, type PeerReply } from '@assay/testing';
import { AI_CHECK_GATE_ORG, runAiCheck, type AiCheckModel } from './run-ai-check.js';

const T0 = Date.UTC(2026, 10, 1);
const signature = {
  params: [
    { name: 'a', type: 'int' },
    { name: 'b', type: 'int' },
  ],
  returns: 'int',
};
const definition = TestDefinition.parse({
  testName: 'Checked by a model',
  sections: [
    {
      sectionName: 'Code',
      sectionType: 'coding',
      duration: 30,
      questions: [
        {
          type: 'coding',
          text: 'Return the sum of a and b.',
          marks: 5,
          languages: ['python', 'c', 'java'],
          functionName: 'add',
          signature,
          hiddenTests: [
            { args: [1, 2], expected: 3 },
            { args: [-4, 4], expected: 0 },
          ],
        },
        {
          type: 'coding',
          text: 'Return the larger of a and b.',
          marks: 5,
          languages: ['python', 'c'],
          functionName: 'larger',
          signature,
          hiddenTests: [
            { args: [1, 2], expected: 2 },
            { args: [7, 3], expected: 7 },
          ],
        },
      ],
    },
    {
      sectionName: 'Written',
      sectionType: 'general',
      duration: 30,
      questions: [
        { type: 'single_choice', text: 'Pick b', marks: 1, options: [{ text: 'a' }, { text: 'b', correct: true }] },
        { type: 'short_answer', text: 'Capital of France?', marks: 2, acceptedAnswers: [{ answer: 'Paris' }] },
        { type: 'short_answer', text: 'A question the model refuses', marks: 1, acceptedAnswers: [{ answer: 'x' }] },
        { type: 'free_text', text: 'Explain your approach.', marks: 5, rubric: [{ criterion: 'Clarity', marks: 5 }] },
      ],
    },
  ],
});

/** The question the peer was asked, read from the data block as a model would. */
const askedOf = (request: PeerChatRequest): { question: string; language?: string } => {
  const system = request.messages[0]!.content;
  return JSON.parse(system.slice(system.indexOf('{')));
};

/** Right for "add" (in any language), wrong for "larger" (it answers the smaller), and so on for the rest. */
const answer = (request: PeerChatRequest): PeerReply => {
  const { question, language } = askedOf(request);
  if (question.startsWith('Return the sum')) {
    return { text: language === 'c' ? '```c\nint add(int a, int b) {\n    return a + b;\n}\n```' : '```python\ndef add(a, b):\n    return a + b\n```' };
  }
  if (question.startsWith('Return the larger')) {
    return { text: language === 'c' ? '```c\nint larger(int a, int b) {\n    return a < b ? a : b;\n}\n```' : 'def larger(a, b):\n    return min(a, b)\n' };
  }
  if (question === 'Pick b') return { text: '2' };
  if (question === 'Capital of France?') return { text: 'Lyon' };
  if (question === 'A question the model refuses') return { status: 400, message: 'this model does not answer that' };
  return { text: 'I would explain it step by step.' };
};

describe.each(['sqlite', 'postgres'] as const)('an ai-check against the model on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let peer: OpenAiPeer;
  let sandbox: Sandbox;
  let model: AiCheckModel;
  const entered: string[] = [];

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    peer = await startOpenAiPeer({ reply: answer });
    sandbox = new Sandbox({ workers: 1, nativeWorkers: 1, languages: ['python', 'c'] });
    const client = new ModelClient({
      baseUrl: peer.baseUrl,
      model: peer.model,
      apiKey: new Secret('test-key'),
      maxConcurrent: 2,
      timeoutMs: 10_000,
      maxRetries: 0,
    });
    const gate = new FairGate(2, 10);
    model = {
      enter: (org, candidate, signal) => {
        entered.push(`${org} ${candidate}`);
        return gate.enter(org, candidate, signal);
      },
      chat: (messages, options) => client.chat(messages, options),
    };
  });
  afterAll(async () => {
    await sandbox?.close();
    await peer?.close();
    await dispose();
  });

  it('records per question version how often the model solved it, a refused question "not checked", and the rest checked', async () => {
    const orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
    const testId = (await store.tests.importDefinition(orgId, definition, `ai-check-${backend}`, T0)).testId;
    const questions = await store.attempts.questions(testId);
    const check = (await store.aiChecks.start({ orgId, testId, model: peer.model, questionsTotal: questions.length }, T0, T0 - 1))!;
    expect(await store.aiChecks.start({ orgId, testId, model: peer.model, questionsTotal: questions.length }, T0, T0 - 1)).toBeUndefined();

    await runAiCheck({ store, runner: sandbox, model, now: () => T0 + 1_000 }, check, questions);

    const done = (await store.aiChecks.latest(orgId, testId))!;
    expect(done).toMatchObject({ id: check.id, state: 'done', model: 'peer-model', finishedAt: T0 + 1_000, problem: null });
    expect(done.results.map(({ questionId, summary }) => [questionId, summary])).toEqual([
      [questions[0]!.id, 'solved 3 of 3 in Python, 3 of 3 in C'],
      [questions[1]!.id, 'solved 0 of 3 in Python, 0 of 3 in C'],
      [questions[2]!.id, 'right 3 of 3'],
      [questions[3]!.id, 'right 0 of 3'],
      [questions[4]!.id, expect.stringMatching(/^not checked: /)],
      [questions[5]!.id, 'answered 3 of 3 times, not scored (a person reads essays)'],
    ]);
    expect(done.results[0]!.version).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(done.results.map(({ version }) => version)).size).toBe(6);
    // Two languages of three tried (decision 1240), never the hidden tests in what the model was sent.
    expect(peer.requests.some((request) => askedOf(request).language === 'java')).toBe(false);
    expect(peer.requests.every((request) => !JSON.stringify(request.messages).includes('"expected"'))).toBe(true);
    expect(new Set(entered)).toEqual(new Set([`${AI_CHECK_GATE_ORG} test:${testId}`]));
    // A new check may start once this one is done; the org's other tests and other orgs see none of it.
    const other = (await store.orgs.create({ name: 'Other', email: 'other@example.com', timeZoneId: 1000 }, T0)).id;
    expect(await store.aiChecks.latest(other, testId)).toBeUndefined();
    expect(await store.aiChecks.start({ orgId, testId, model: peer.model, questionsTotal: 1 }, T0 + 2_000, T0)).toMatchObject({ state: 'running' });
  }, 240_000);
});
