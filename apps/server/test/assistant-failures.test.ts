import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '@assay/testing';
import { candidate } from './helpers/candidate.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { ask, assistantDefinition, eventsOf, startAssistantHarness, startedAttempt, type AssistantHarness } from './helpers/assistant.js';

const until = async (condition: () => Promise<boolean> | boolean, what: string) => {
  for (let waited = 0; waited < 10_000; waited += 25) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/**
 * Issue 60 item 2: the model down, slow, failing or cut mid-reply — the stream ends with a plain `error`, the message
 * is kept with its failure, the budget is not spent for nothing, and the test goes on; a candidate who leaves cancels
 * the model's request. /readyz says so without becoming unready.
 */
describe.each(backends)('the assistant when the model fails, on %s', (backend) => {
  let a: AssistantHarness;
  let testId: number;
  beforeAll(async () => {
    a = await startAssistantHarness(backend, { ASSAY_AI_TIMEOUT_MS: '1000', ASSAY_AI_MAX_RETRIES: '0' });
    testId = await a.h.importTest(assistantDefinition);
  });
  afterAll(() => a.close());

  const storedOf = async (token: string) => a.h.store.assistant.messagesOf((await a.h.store.attempts.findByToken(token))!.invitation.id);

  it('answers an error event when the model fails, slows past its timeout or cuts its reply, and the test goes on', async () => {
    const { token, questions } = await startedAttempt(a.h, testId, 'fails@example.com');
    a.peer.setReply(() => ({ status: 503, retryAfterSeconds: 1 }));
    const overloaded = await ask(a.h, token, questions.coding, { message: 'First' });
    expect(overloaded.events.map((event) => event.event)).toEqual(['accepted', 'error']);
    expect(overloaded.events[1]!.data).toMatchObject({ kind: 'overloaded', remaining: { messages: 5 } });
    expect(String(overloaded.events[1]!.data.message)).toMatch(/could not answer just now.*Your test goes on/);

    a.peer.setReply(() => ({ hang: true }));
    const slow = await ask(a.h, token, questions.coding, { message: 'Second' });
    expect(slow.events.at(-1)).toMatchObject({ event: 'error', data: { kind: 'timeout' } });

    a.peer.setReply(() => ({ text: 'Consider the empty list and then…', cutAfterChars: 12 }));
    const cut = await ask(a.h, token, questions.coding, { message: 'Third' });
    expect(cut.events.map((event) => event.event)).toEqual(['accepted', 'delta', 'delta', 'delta', 'error']);

    expect((await storedOf(token)).map(({ text, state, failure, reply }) => ({ text, state, failed: failure !== null, reply }))).toEqual([
      { text: 'First', state: 'failed', failed: true, reply: null },
      { text: 'Second', state: 'failed', failed: true, reply: null },
      { text: 'Third', state: 'failed', failed: true, reply: 'Consider the' },
    ]);
    // Failures before any reply cost nothing; the cut reply was the model's work and counts.
    expect(cut.events.at(-1)!.data).toMatchObject({ remaining: { messages: 4 } });
    const attempt = candidate(a.h, token);
    expect((await attempt.answer(questions.coding, { code: 'function sum(n) { return 0; }' })).statusCode).toBe(200);
    a.peer.setReply(() => ({ text: 'Back again.' }));
    expect((await ask(a.h, token, questions.coding, { message: 'Fourth' })).events.at(-1)!.event).toBe('done');
    expect((await attempt.submit()).json().result.state).toBe('Completed');
  });

  it('cancels the model’s request when the candidate leaves, keeping the message as cancelled', async () => {
    const { token, questions } = await startedAttempt(a.h, testId, 'leaves@example.com');
    await a.h.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = a.h.app.server.address() as AddressInfo;
      a.peer.setReply(() => ({ text: 'A long and careful answer.' }));
      a.peer.setDelays({ firstTokenDelayMs: 5_000 });
      // A raw request, destroyed after the first event: the candidate closed the page.
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/candidate/v1/${token}/assistant/${questions.coding}`,
        headers: { 'content-type': 'application/json' },
      });
      request.end(JSON.stringify({ message: 'Long one' }));
      const response = await new Promise<IncomingMessage>((resolve) => request.once('response', resolve));
      const first = await new Promise<string>((resolve) => response.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
      expect(eventsOf(first)[0]!.event).toBe('accepted');
      await until(() => a.peer.inFlight() === 1, 'the model to be asked');
      request.destroy();
      await until(() => a.peer.inFlight() === 0, 'the model request to be cancelled');
      await until(async () => (await storedOf(token))[0]?.state === 'cancelled', 'the message to be kept as cancelled');
      const connections = () => new Promise<number>((resolve) => a.h.app.server.getConnections((_, count) => resolve(count)));
      await until(async () => (await connections()) === 0, 'the connection to be closed');
    } finally {
      a.peer.setDelays({ firstTokenDelayMs: 0 });
    }
  });
});

/** The key is a secret: sent to the model, never in a log line or an answer (issue 60 item 2). */
describe.each(backends)('the model key on %s', (backend) => {
  const KEY = 'sk-peer-secret-0123456789abcdef';
  const lines: string[] = [];
  let h: Harness;
  let peer: OpenAiPeer;
  beforeAll(async () => {
    peer = await startOpenAiPeer({ apiKey: KEY });
    const env = { ASSAY_AI_BASE_URL: peer.baseUrl, ASSAY_AI_MODEL: peer.model, ASSAY_AI_API_KEY: KEY, ASSAY_AI_MAX_RETRIES: '0' };
    // Every request logged, at debug, into lines this test reads.
    h = await startHarness(backend, env, undefined, undefined, { level: 'debug', stream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(() => Promise.all([h.close(), peer.close()]));

  it('reaches the model with the key and never says it, in an answer or a log line', async () => {
    const testId = await h.importTest(assistantDefinition);
    const { token, questions, invitationId } = await startedAttempt(h, testId, 'key@example.com');
    expect((await ask(h, token, questions.coding, { message: 'Hello' })).events.at(-1)!.event).toBe('done');
    expect(peer.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    // A refused key is said as the model's refusal, without the key.
    peer.setReply(() => ({ status: 401, message: `Incorrect API key provided: ${KEY}` }));
    const refused = await ask(h, token, questions.coding, { message: 'Again' });
    expect(refused.events.at(-1)).toMatchObject({ event: 'error', data: { kind: 'refused' } });
    const answers = await Promise.all([
      h.request({ method: 'GET', url: `/candidate/v1/${token}`, apiKey: null }),
      h.request({ method: 'GET', url: `/candidate/v1/${token}/assistant/${questions.coding}`, apiKey: null }),
      h.request({ method: 'GET', url: '/readyz', apiKey: null }),
      h.request({ method: 'GET', url: '/v2/org/ai-settings' }),
      h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }),
    ]);
    for (const answer of [...answers, refused.response]) expect(answer.body).not.toContain(KEY);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join('\n')).not.toContain(KEY);
  });
});
