import { Secret } from '@assay/config';
import { closedPort, type OpenAiPeer, startOpenAiPeer } from '@assay/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelClient, ModelFailure } from '../src/index.js';

const KEY = 'sk-peer-secret-0123456789';
let peer: OpenAiPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

const clientOf = (baseUrl: string, overrides: { timeoutMs?: number; maxRetries?: number; apiKey?: string } = {}) =>
  new ModelClient({
    baseUrl,
    model: 'peer-model',
    apiKey: new Secret(overrides.apiKey ?? KEY),
    maxConcurrent: 4,
    timeoutMs: overrides.timeoutMs ?? 5_000,
    maxRetries: overrides.maxRetries ?? 2,
  });

const failureOf = async (promise: Promise<unknown>): Promise<ModelFailure> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ModelFailure);
    expect((error as Error).message).not.toContain(KEY);
    return error as ModelFailure;
  }
  throw new Error('the chat did not fail');
};

describe('ModelClient against an OpenAI-compatible server (issue 60, item 2)', () => {
  it('streams the reply piece by piece, with the usage the server counted and the key sent', async () => {
    peer = await startOpenAiPeer({ apiKey: KEY, reply: () => ({ text: 'Check the loop bound: it stops one short.' }), tokenChars: 5 });
    const pieces: string[] = [];
    const answer = await clientOf(peer.baseUrl).chat(
      [
        { role: 'system', content: 'Explain, never solve.' },
        { role: 'user', content: 'Why?' },
      ],
      {
        onText: (piece) => pieces.push(piece),
        maxTokens: 200,
      },
    );
    expect(answer.text).toBe('Check the loop bound: it stops one short.');
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(answer.text);
    expect(answer).toMatchObject({ model: 'peer-model', finishReason: 'stop', usage: { estimated: false } });
    expect(answer.usage.completionTokens).toBeGreaterThan(0);
    expect(answer.firstTokenMs).toBeGreaterThanOrEqual(0);
    const sent = peer.requests[0]!;
    expect(sent).toMatchObject({ model: 'peer-model', stream: true, body: { max_tokens: 200, stream_options: { include_usage: true } } });
    expect(sent.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('tries again after 429 and 503, waiting what Retry-After asks', async () => {
    let calls = 0;
    peer = await startOpenAiPeer({
      apiKey: KEY,
      reply: () => {
        calls += 1;
        return calls === 1 ? { status: 429, retryAfterSeconds: 0.3 } : calls === 2 ? { status: 503, retryAfterSeconds: 0.2 } : { text: 'fine' };
      },
    });
    const started = Date.now();
    expect((await clientOf(peer.baseUrl).chat([{ role: 'user', content: 'hi' }])).text).toBe('fine');
    expect(peer.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(480);
  });

  it('answers busy at once when Retry-After is longer than it waits, and after its retries run out', async () => {
    peer = await startOpenAiPeer({ apiKey: KEY, reply: () => ({ status: 429, retryAfterSeconds: 3600 }) });
    const long = await failureOf(clientOf(peer.baseUrl).chat([{ role: 'user', content: 'hi' }]));
    expect(long).toMatchObject({ kind: 'overloaded', status: 429, retryAfterMs: 3_600_000 });
    expect(peer.requests).toHaveLength(1);
    peer.setReply(() => ({ status: 500 }));
    const failing = await failureOf(clientOf(peer.baseUrl, { maxRetries: 1 }).chat([{ role: 'user', content: 'hi' }]));
    expect(failing).toMatchObject({ kind: 'overloaded', status: 500 });
    expect(peer.requests).toHaveLength(3);
  });

  it('says a refused key or an unknown model plainly, without trying again and without the key', async () => {
    peer = await startOpenAiPeer({ apiKey: 'another-key' });
    const refused = await failureOf(clientOf(peer.baseUrl).chat([{ role: 'user', content: 'hi' }]));
    expect(refused).toMatchObject({ kind: 'refused', status: 401 });
    expect(refused.message).toMatch(/API key was refused/);
    expect(peer.requests).toHaveLength(0);
  });

  it('says the model is unreachable when nothing listens', async () => {
    const failure = await failureOf(clientOf(`http://127.0.0.1:${await closedPort()}/v1`, { maxRetries: 1 }).chat([{ role: 'user', content: 'hi' }]));
    expect(failure.kind).toBe('unreachable');
  });

  it('gives up on a model that stays silent, before its first token and between tokens', async () => {
    peer = await startOpenAiPeer({ apiKey: KEY, reply: () => ({ hang: true }) });
    expect((await failureOf(clientOf(peer.baseUrl, { timeoutMs: 400, maxRetries: 0 }).chat([{ role: 'user', content: 'hi' }]))).kind).toBe('timeout');
    peer.setReply(() => ({ text: 'slow words here' }));
    peer.setDelays({ tokenDelayMs: 1_500 });
    const pieces: string[] = [];
    const failure = await failureOf(
      clientOf(peer.baseUrl, { timeoutMs: 400 }).chat([{ role: 'user', content: 'hi' }], { onText: (piece) => pieces.push(piece) }),
    );
    expect(failure.kind).toBe('timeout');
    expect(pieces.join('')).toBe('slow');
    // Part of the reply reached the caller: it is not asked again (the reply would be shown twice).
    expect(peer.requests).toHaveLength(2);
  });

  it('never asks again after part of a reply was streamed, when the connection drops', async () => {
    peer = await startOpenAiPeer({ apiKey: KEY, reply: () => ({ text: 'a reply that is cut in the middle', cutAfterChars: 12 }) });
    const pieces: string[] = [];
    const failure = await failureOf(clientOf(peer.baseUrl).chat([{ role: 'user', content: 'hi' }], { onText: (piece) => pieces.push(piece) }));
    expect(failure.kind).toBe('unreachable');
    expect(pieces.join('')).toBe('a reply that');
    expect(peer.requests).toHaveLength(1);
  });

  it('stops when the caller cancels', async () => {
    peer = await startOpenAiPeer({ apiKey: KEY, reply: () => ({ text: 'x'.repeat(400) }), tokenDelayMs: 20 });
    const cancel = new AbortController();
    const chat = clientOf(peer.baseUrl).chat([{ role: 'user', content: 'hi' }], { signal: cancel.signal, onText: () => cancel.abort() });
    expect((await failureOf(chat)).kind).toBe('cancelled');
  });

  it('probes whether the model answers, and whether the server lists it', async () => {
    peer = await startOpenAiPeer({ apiKey: KEY });
    expect(await clientOf(peer.baseUrl).probe()).toEqual({ answers: true, model: 'peer-model', listed: true });
    const other = new ModelClient({ baseUrl: peer.baseUrl, model: 'not-served', apiKey: new Secret(KEY), maxConcurrent: 1, timeoutMs: 2_000, maxRetries: 0 });
    expect(await other.probe()).toMatchObject({ answers: true, listed: false });
    expect(await clientOf(peer.baseUrl, { apiKey: 'wrong' }).probe()).toMatchObject({ answers: false, failure: { kind: 'refused' } });
    expect(await clientOf(`http://127.0.0.1:${await closedPort()}/v1`).probe()).toMatchObject({ answers: false, failure: { kind: 'unreachable' } });
  });
});
