import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, RateLimitError, ServiceUnavailableError, AssayConnectionError, createClient, type ClientOptions } from '../src/index.js';
import { ok, refuse, startScriptedServer, type Answer, type ScriptedServer } from './helpers/scripted-server.js';

const testList = { tests: [], testsCount: 0 };
const testLink = {
  testLinkId: 1,
  testId: 2,
  testLinkName: 'L',
  testLinkAccessKey: 'x',
  accessTime: 0,
  startDateTime: null,
  endDateTime: null,
  timeZoneId: 1720,
  inviteCandidateOnly: 0,
  imageProctoring: 0,
  emailToStakeholder: null,
  testLinkStatus: 1,
};

/** Answers the scripted answers in turn, then the last one forever. */
const inTurn =
  (...answers: Answer[]) =>
  (_request: unknown, index: number) =>
    answers[Math.min(index, answers.length - 1)]!;

describe('retries with backoff, honouring Retry-After', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer(() => ok(testList));
  });
  afterAll(() => server.close());
  const client = (options: Partial<ClientOptions> = {}) =>
    createClient({ baseUrl: server.baseUrl, apiKey: 'k', retryPolicy: { initialDelayMs: 20, maxDelayMs: 100 }, ...options });
  const gaps = () => server.requests.slice(1).map((request, index) => request.at - server.requests[index]!.at);

  it('waits out Retry-After in seconds on a 503, then succeeds', async () => {
    server.script(inTurn(refuse('503.2', 'Busy.', { 'retry-after': '1' }), ok(testList)));
    expect(await client().tests.list()).toEqual(testList);
    expect(server.requests).toHaveLength(2);
    expect(gaps()[0]).toBeGreaterThanOrEqual(950);
  });

  it('waits out Retry-After as an HTTP date on a 429', async () => {
    // HTTP dates have whole seconds: two seconds ahead is at least one second away.
    server.script(inTurn(refuse('429.1', 'Slow down.', { 'retry-after': new Date(Date.now() + 2_000).toUTCString() }), ok(testList)));
    expect(await client().tests.list()).toEqual(testList);
    expect(gaps()[0]).toBeGreaterThanOrEqual(900);
  });

  it('backs off exponentially without Retry-After, and gives up after `retries`', async () => {
    server.script(() => refuse('503.1', 'Not ready.'));
    const error = await client({ retries: 3 })
      .tests.list()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(server.requests).toHaveLength(4);
    const [first, second, third] = gaps();
    // 20, 40, 80 ms, each less up to a quarter of jitter.
    expect(first).toBeGreaterThanOrEqual(14);
    expect(second).toBeGreaterThanOrEqual(29);
    expect(third).toBeGreaterThanOrEqual(59);
  });

  it('does not wait out a Retry-After longer than the bound: the caller gets it', async () => {
    server.script(() => refuse('429.1', 'Slow down.', { 'retry-after': '3600' }));
    const error = await client()
      .tests.list()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3_600_000);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a dropped connection on a GET', async () => {
    server.script(inTurn('destroy', ok(testList)));
    expect(await client().tests.list()).toEqual(testList);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry other refusals', async () => {
    server.script(() => refuse('500.1', 'Oops.'));
    await expect(client().tests.list()).rejects.toThrow('Oops.');
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a POST without an Idempotency-Key, nor the state-changing GETs', async () => {
    server.script(() => refuse('503.2', 'Busy.'));
    await expect(client().testLinks.create(2, { testLinkName: 'L', accessTime: 0 })).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(server.requests).toHaveLength(1);
    server.script(() => 'destroy');
    await expect(client().invitations.reattempt(5)).rejects.toBeInstanceOf(AssayConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a POST sent with the caller's Idempotency-Key, with the same key every time", async () => {
    server.script(inTurn('destroy', refuse('409.1', 'Still in flight.'), ok(testLink, { 'idempotent-replayed': 'true' })));
    const link = await client().testLinks.create(2, { testLinkName: 'L', accessTime: 0 }, { idempotencyKey: 'create-link-1' });
    expect(link.testLinkId).toBe(1);
    expect(server.requests.map((request) => request.headers['idempotency-key'])).toEqual(['create-link-1', 'create-link-1', 'create-link-1']);
    expect(new Set(server.requests.map((request) => request.body)).size).toBe(1);
  });

  it('a 409 without an Idempotency-Key is a plain conflict', async () => {
    server.script(() => refuse('409.1', 'Conflict.'));
    await expect(client().tests.list()).rejects.toBeInstanceOf(ConflictError);
    expect(server.requests).toHaveLength(1);
  });

  it('generates one key per call, kept across its retries, when asked to', async () => {
    server.script(inTurn(refuse('429.1', 'Slow down.'), ok(testLink)));
    const auto = client({ autoIdempotencyKeys: true });
    await auto.testLinks.create(2, { testLinkName: 'L', accessTime: 0 });
    const [first, second] = server.requests.map((request) => request.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second).toBe(first);
    server.script(() => ok(testLink));
    await auto.testLinks.create(2, { testLinkName: 'L', accessTime: 0 });
    expect(server.requests[0]!.headers['idempotency-key']).not.toBe(first);
  });

  it('never adds keys to candidate POSTs, which the server does not deduplicate', async () => {
    server.script(() => refuse('503.2', 'Busy.'));
    await expect(client({ autoIdempotencyKeys: true }).candidate('tok').start()).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('retries a candidate PUT (saving an answer twice is harmless)', async () => {
    server.script(inTurn('destroy', ok({ questionId: 4, savedAt: '2026-03-01T10:00:00.000Z' })));
    expect(
      await client()
        .candidate('tok')
        .saveAnswer(4, { optionIds: [1] }),
    ).toEqual({ questionId: 4, savedAt: '2026-03-01T10:00:00.000Z' });
    expect(server.requests).toHaveLength(2);
  });

  it('stops waiting between retries when the caller aborts', async () => {
    server.script(() => refuse('503.2', 'Busy.', { 'retry-after': '30' }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(client().tests.list({}, { signal: controller.signal })).rejects.toMatchObject({ name: 'AssayUserAbortError' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('retries: 0 per call turns retrying off', async () => {
    server.script(() => refuse('503.2', 'Busy.'));
    await expect(client().tests.list({}, { retries: 0 })).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(server.requests).toHaveLength(1);
  });
});
