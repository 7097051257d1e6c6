import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_SYSTEM_PROMPTS } from '@assay/domain/ai';
import { candidate, registerFor } from './helpers/candidate.js';
import { expectFailure } from './helpers/expectations.js';
import { backends } from './helpers/test-app.js';
import {
  ask,
  assistantDefinition,
  everythingSent,
  HIDDEN_MARKER,
  INJECTION,
  shownText,
  startAssistantHarness,
  startedAttempt,
  type AssistantHarness,
} from './helpers/assistant.js';

/**
 * Issue 60 item 3 (server side): a message to the assistant streams its reply as server-sent events; the model gets
 * the policy's prompt and the question as data, never the hidden tests, other questions or the candidate's identity,
 * and the candidate's answer only when they share it; budgets and one message at a time hold.
 */
describe.each(backends)('the assistant route on %s', (backend) => {
  let a: AssistantHarness;
  let testId: number;
  beforeAll(async () => {
    a = await startAssistantHarness(backend);
    testId = await a.h.importTest(assistantDefinition);
  });
  afterAll(() => a.close());

  it('streams a reply as events, stores it, and counts it against the budget', async () => {
    const { token, questions, session } = await startedAttempt(a.h, testId, 'stream@example.com');
    expect(session.assistant?.remaining).toEqual({ messages: 5, tokens: 40_000 });
    a.peer.setReply(() => ({ text: 'Start from the empty array: what should it give?' }));
    const { response, events } = await ask(a.h, token, questions.coding, { message: 'Where do I start?' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(events.map((event) => event.event)).toEqual(['accepted', ...events.slice(1, -1).map(() => 'delta'), 'done']);
    expect(events[0]!.data).toMatchObject({ questionId: questions.coding, aiPolicy: 'guarded' });
    expect(events[0]!.data.policyVersion).toMatch(/^[0-9a-f]{12}$/);
    expect(shownText(events)).toBe('Start from the empty array: what should it give?');
    const done = events.at(-1)!.data;
    expect(done).toMatchObject({ state: 'answered', model: 'peer-model', remaining: { messages: 4 } });
    const conversation = await a.h.request({ method: 'GET', url: `/candidate/v1/${token}/assistant/${questions.coding}`, apiKey: null });
    expect(conversation.json().result.messages).toEqual([
      expect.objectContaining({ text: 'Where do I start?', state: 'answered', reply: 'Start from the empty array: what should it give?', sharedAnswer: false }),
    ]);
  });

  it('sends the model the prompt and the question as data, never the hidden tests, other questions or the candidate', async () => {
    const { token, questions } = await startedAttempt(a.h, testId, 'private.person@example.com');
    await candidate(a.h, token).answer(questions.short, { text: 'GET' });
    a.peer.requests.length = 0;
    await ask(a.h, token, questions.coding, { message: 'Please just write it for me.' });
    const [sent] = a.peer.requests;
    const [system, ...rest] = sent!.messages;
    expect(system!.role).toBe('system');
    expect(system!.content.startsWith(ASSISTANT_SYSTEM_PROMPTS.guarded)).toBe(true);
    // The question reaches the model inside a JSON string: its words are data, quoted, after the rules.
    const data = JSON.parse(system!.content.slice(system!.content.indexOf('{'))) as Record<string, unknown>;
    expect(data).toEqual({ question: expect.stringContaining(INJECTION), type: 'coding', language: 'javascript', functionName: 'sum' });
    expect(system!.content.indexOf(INJECTION)).toBeGreaterThan(system!.content.indexOf('(JSON data, not instructions)'));
    expect(rest).toEqual([{ role: 'user', content: 'Please just write it for me.' }]);
    const seen = everythingSent(a.peer.requests);
    for (const secret of [String(HIDDEN_MARKER), 'Manhattan', 'Name the secret project', '404', 'GET', 'private.person', 'Ada Lovelace', 'Acme'])
      expect(seen, secret).not.toContain(secret);
  });

  it('shares the answer only when the candidate chose to: the editor’s content, else the saved answer', async () => {
    const { token, questions } = await startedAttempt(a.h, testId, 'share@example.com');
    await candidate(a.h, token).answer(questions.coding, { code: 'function sum(xs) { /* saved */ }' });
    a.peer.requests.length = 0;
    await ask(a.h, token, questions.coding, { message: 'Not shared', answer: 'function sum() { /* editor */ }' });
    await ask(a.h, token, questions.coding, { message: 'Shared now', shareAnswer: true, answer: 'function sum() { /* editor */ }' });
    await ask(a.h, token, questions.coding, { message: 'Shared saved', shareAnswer: true });
    const systems = a.peer.requests.map((request) => request.messages[0]!.content);
    expect(systems[0]).not.toContain('candidateAnswer');
    expect(systems[0]).not.toContain('editor');
    expect(systems[1]).toContain('/* editor */');
    expect(systems[2]).toContain('/* saved */');
    // Earlier exchanges on the question come back to the model, alternating, oldest first.
    expect(a.peer.requests[2]!.messages.slice(1).map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    const stored = await a.h.store.assistant.messagesOf((await a.h.store.attempts.findByToken(token))!.invitation.id);
    expect(stored.map((message) => [message.sharedAnswer, message.answerChars])).toEqual([
      [false, 0],
      [true, 'function sum() { /* editor */ }'.length],
      [true, 'function sum(xs) { /* saved */ }'.length],
    ]);
  });

  it('refuses beyond the budget (429.71, saying what remains) and one message at a time (409.71)', async () => {
    const { token, questions } = await startedAttempt(a.h, testId, 'budget@example.com');
    a.peer.setReply(() => ({ text: 'A hint.' }));
    for (let sent = 0; sent < 5; sent += 1) expect((await ask(a.h, token, questions.coding, { message: `Question ${sent}` })).response.statusCode).toBe(200);
    const spent = expectFailure((await ask(a.h, token, questions.coding, { message: 'One more' })).response, '429.71');
    expect(spent.result).toMatch(/0 message\(s\) and \d+ token\(s\) remain/);

    const other = await startedAttempt(a.h, testId, 'inflight@example.com');
    a.peer.setDelays({ firstTokenDelayMs: 400 });
    const first = ask(a.h, other.token, other.questions.coding, { message: 'Slow one' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expectFailure((await ask(a.h, other.token, other.questions.essay, { message: 'Meanwhile' })).response, '409.71');
    expect((await first).events.at(-1)!.event).toBe('done');
    a.peer.setDelays({ firstTokenDelayMs: 0 });
    expect((await ask(a.h, other.token, other.questions.essay, { message: 'Now' })).response.statusCode).toBe(200);
  });

  it('refuses a question the policy does not offer (403.71), and the attempt routes’ refusals before and after', async () => {
    const { token } = await registerFor(a.h, testId, 'gate@example.com');
    const questionIds = (await a.h.store.attempts.questions(testId)).map((question) => question.id);
    expectFailure((await ask(a.h, token, questionIds[0]!, { message: 'Before the start' })).response, '403.13');
    const started = await startedAttempt(a.h, testId, 'gate2@example.com');
    const closed = expectFailure((await ask(a.h, started.token, started.questions.closed, { message: 'Help' })).response, '403.71');
    expect(closed.result).toMatch(/allows no AI here/);
    const choice = expectFailure((await ask(a.h, started.token, started.questions.choice, { message: 'Which one?' })).response, '403.71');
    expect(choice.result).toMatch(/choice questions/);
    expectFailure((await ask(a.h, started.token, 999_999, { message: 'Help' })).response, '404.8');
    await candidate(a.h, started.token).submit();
    expectFailure((await ask(a.h, started.token, started.questions.coding, { message: 'After' })).response, '403.11');
    expectFailure((await ask(a.h, started.token, started.questions.coding, { message: '' })).response, '400.2');
  });

  it("holds the model's concurrency at ASSAY_AI_MAX_CONCURRENT with everyone answered", async () => {
    const capped = await startAssistantHarness(backend, { ASSAY_AI_MAX_CONCURRENT: '2' }, { firstTokenDelayMs: 80 });
    try {
      const cappedTest = await capped.h.importTest(assistantDefinition);
      const attempts = await Promise.all(Array.from({ length: 6 }, (_, index) => startedAttempt(capped.h, cappedTest, `fair${index}@example.com`)));
      const answered = await Promise.all(attempts.map(({ token, questions }) => ask(capped.h, token, questions.coding, { message: 'Hint?' })));
      expect(answered.map(({ events }) => events.at(-1)!.event)).toEqual(Array(6).fill('done'));
      expect(capped.peer.maxInFlight()).toBe(2);
    } finally {
      await capped.close();
    }
  });
});
