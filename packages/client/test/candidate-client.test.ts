import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CandidateClient, createCandidateClient, createClient } from '../src/index.js';
import { ok, type ScriptedServer, startScriptedServer } from './helpers/scripted-server.js';

// The candidate page bundles createCandidateClient instead of createClient: it must ask and answer exactly the same.
describe('createCandidateClient', () => {
  const registered = { testUrl: 'https://assay.example/t/abc', sentByEmail: false, message: null };
  const script = (request: { url: string }) => (request.url.endsWith('/register') ? ok(registered) : ok({ wv: 1, tv: 2 }));
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer(script);
  });
  afterAll(() => server.close());

  /** What a client's candidate side sends and decodes: an event of an attempt, then a registration on a public link. */
  const candidateCalls = async (client: CandidateClient) => {
    const counts = await client.candidate('tok/en').reportEvent({ type: 'left', at: '2026-03-01T10:00:00.000Z' });
    const registration = await client.publicLink('key').register({ fullName: 'Ada', emailId: 'ada@example.com' });
    return {
      answers: [counts, registration],
      requests: server.requests.map(({ method, url, body, headers }) => ({ method, url, body, apiKey: headers['x-api-key'] ?? null })),
    };
  };

  it("sends the same requests as createClient's candidate side, without a key, and decodes the same answers", async () => {
    server.script(script);
    const whole = await candidateCalls(createClient({ baseUrl: server.baseUrl, apiKey: 'k', retries: 0 }));
    server.script(script);
    const candidateOnly = await candidateCalls(createCandidateClient({ baseUrl: server.baseUrl, retries: 0 }));

    expect(candidateOnly.answers).toEqual([{ wv: 1, tv: 2 }, registered]);
    expect(candidateOnly).toEqual(whole);
    expect(candidateOnly.requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /candidate/v1/tok%2Fen/events',
      expect.stringMatching(/^POST \/.*key\/register$/),
    ]);
  });
});
