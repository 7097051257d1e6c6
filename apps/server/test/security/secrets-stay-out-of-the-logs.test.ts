import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@assay/config';
import { REPORT_URL_KEY_SETTING, newReportUrlKey, signedReportUrl } from '@assay/delivery';
import { buildApp } from '../../src/app.js';
import { generateApiKey } from '../../src/auth/api-key.js';
import { sampleDefinition } from '../helpers/fixtures.js';
import { GENEROUS_RATE_LIMITS } from '../helpers/generous-limits.js';
import { PUBLIC_URL, backends, openTestStore } from '../helpers/test-app.js';
import type { Store } from '@assay/store';
import { NO_COMPILER_WARM_UP } from '../helpers/no-compiler-warm-up.js';

/** One character percent-encoded: `%41` for `A`. */
const escaped = (character: string) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** A log destination that keeps its lines in `lines`. */
const into = (lines: string[]) =>
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });

/** Pieces of a secret that any spelling of it keeps: a log holding either holds (most of) the secret. */
const piecesOf = (secret: string) => [secret.slice(0, 16), secret.slice(-16)];

/**
 * Attack class: take-test tokens and report-URL signatures written to the request log because the URL spells them
 * (or the path before them) in a way the redaction did not expect — percent-encoded letters of the path or of the
 * secret, another case, doubled or encoded slashes, query keys encoded or in capitals, repeated or glued to another
 * pair, the secret in some other place of the URL. Many of these are served like the plain spelling (the router and
 * the query parser decode them). Every request's log lines are captured (at trace: the line each request writes at
 * debug); no piece of a secret may appear in them, nor in the summary of the requests written at info.
 */
describe.each(backends)('take-test tokens and report signatures stay out of the logs, on %s', (backend) => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let store: Store;
  let dispose: () => Promise<void>;
  let token: string;
  let signed: { invitationId: number; expires: string; signature: string };

  beforeAll(async () => {
    const opened = await openTestStore(backend);
    dispose = opened.dispose;
    store = opened.store;
    app = await buildApp({
      config: loadConfig({ ASSAY_PUBLIC_URL: PUBLIC_URL, ...GENEROUS_RATE_LIMITS, ...NO_COMPILER_WARM_UP }),
      store,
      logger: { level: 'trace', stream: into(lines) },
    });
    const org = await store.orgs.create({ name: 'Logged', email: 'logged@example.com', timeZoneId: 1000 }, Date.now());
    const key = generateApiKey();
    await store.apiKeys.insert(org.id, key.keyHash, key.prefix, Date.now());
    const call = (method: 'POST', url: string, body?: unknown) =>
      app.inject({ method, url, headers: { 'content-type': 'application/json', 'x-api-key': key.apiKey }, ...(body ? { payload: JSON.stringify(body) } : {}) });
    const testId = (await call('POST', '/v2/org/tests', sampleDefinition)).json<{ result: { testId: number } }>().result.testId;
    const registered = await call('POST', `/v2/org/tests/${testId}/register`, { emailId: 'logged@example.com', fullName: 'Ada' });
    const { takeTestURL, testInvitationId } = registered.json<{ result: { takeTestURL: string; testInvitationId: number } }>().result;
    token = new URL(takeTestURL).pathname.split('/').at(-1)!;
    // A completed attempt, and a real signed URL for its report: the signature variants below are served.
    await call('POST', `/candidate/v1/${token}/start`);
    await call('POST', `/candidate/v1/${token}/submit`);
    const completed = await store.attempts.findById(testInvitationId);
    const reportKey = await store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey);
    const url = new URL(
      signedReportUrl(PUBLIC_URL, reportKey, { invitationId: testInvitationId, completedAt: completed!.invitation.completedAt! }, Date.now()),
    );
    signed = { invitationId: testInvitationId, expires: url.searchParams.get('expires')!, signature: url.searchParams.get('signature')! };
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  /** Sends the request and answers its status and the log lines it produced. */
  const logged = async (method: 'GET' | 'POST', url: string) => {
    lines.length = 0;
    const response = await app.inject({ method, url, headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { payload: '{}' } : {}) });
    return { status: response.statusCode, log: lines.join('') };
  };

  const expectNoPieceOf = (log: string, secret: string) => {
    expect(log).toContain('"msg":"request completed"');
    for (const piece of piecesOf(secret)) expect(log).not.toContain(piece);
  };

  it.each([
    ['the plain take-test page', (t: string) => `/t/${t}`, 200],
    ['its first letter encoded', (t: string) => `/%74/${t}`, 200],
    ['a letter of the token encoded', (t: string) => `/t/${escaped(t[0]!)}${t.slice(1)}`, 200],
    ['a letter in the middle of the token encoded', (t: string) => `/t/${t.slice(0, 20)}${escaped(t[20]!)}${t.slice(21)}`, 200],
    ['the page in capitals', (t: string) => `/T/${t}`, 404],
    ['a doubled slash before', (t: string) => `//t/${t}`, 404],
    ['a doubled slash after', (t: string) => `/t//${t}`, 404],
    ['a trailing slash', (t: string) => `/t/${t}/`, 404],
    ['an encoded slash', (t: string) => `/t%2F${t}`, 404],
    ['a doubly encoded prefix', (t: string) => `/%2574/${t}`, 404],
    ['the candidate API', (t: string) => `/candidate/v1/${t}`, 200],
    ['the candidate API with an encoded letter', (t: string) => `/%63andidate/v1/${t}`, 200],
    ['the candidate API version encoded', (t: string) => `/candidate/%761/${t}`, 200],
    ['the candidate API in capitals', (t: string) => `/CANDIDATE/V1/${t}`, 404],
    ['the candidate API with a doubled slash', (t: string) => `/candidate/v1//${t}`, 404],
    ['the candidate API with an encoded slash', (t: string) => `/candidate%2Fv1/${t}`, 404],
    ['the candidate API with a broken escape', (t: string) => `/candidate/v1/${t}%ZZ`, 400],
    ['the candidate API with a query', (t: string) => `/candidate/v1/${t}?lang=en`, 200],
    ['the token in the query of another path', (t: string) => `/v2/org/tests?copy=${t}`, 401],
    ['the token under some other path', (t: string) => `/tokens/${t}`, 404],
  ])('%s', async (_spelling, urlOf, status) => {
    const { status: answered, log } = await logged('GET', urlOf(token));
    expect(answered).toBe(status);
    expectNoPieceOf(log, token);
  });

  it('a POST of the candidate API with an encoded letter', async () => {
    const { log } = await logged('POST', `/candidate/v1/${escaped(token[0]!)}${token.slice(1)}/events`);
    expectNoPieceOf(log, token);
  });

  it.each([
    ['the plain signed URL', (s: string) => `signature=${s}`, 200],
    ['the key percent-encoded', (s: string) => `%73ignature=${s}`, 200],
    ['a letter of the signature encoded', (s: string) => `signature=${escaped(s[0]!)}${s.slice(1)}`, 200],
    ['the key in capitals', (s: string) => `SIGNATURE=${s}`, 400],
    ['the key with an encoded letter inside', (s: string) => `sig%6eature=${s}`, 200],
    ['the key doubly encoded', (s: string) => `%2573ignature=${s}`, 400],
    ['the key twice', (s: string) => `signature=${s}&signature=${s}`, 400],
    ['glued to another pair with a semicolon', (s: string) => `x=1;signature=${s}`, 200],
  ])('%s', async (_spelling, pairOf, status) => {
    const { invitationId, expires, signature } = signed;
    const query = pairOf(signature);
    // The `;` variant keeps its own expires pair so that the signature pair is the one glued to something.
    const url = `/v2/reports/${invitationId}/pdf?${query.includes(';') ? `expires=${expires}&${query}&signature=${signature}` : `expires=${expires}&${query}`}`;
    const { status: answered, log } = await logged('GET', url);
    expect(answered).toBe(status);
    expectNoPieceOf(log, signature);
  });
  it('the summary written at info names routes by their pattern: no token or signature, and no line per request', async () => {
    const summaryLines: string[] = [];
    const atInfo = await buildApp({
      config: loadConfig({ ASSAY_PUBLIC_URL: PUBLIC_URL, ...GENEROUS_RATE_LIMITS, ...NO_COMPILER_WARM_UP }),
      store,
      logger: { level: 'info', stream: into(summaryLines) },
    });
    const { invitationId, expires, signature } = signed;
    const urls = [
      `/t/${token}`,
      `/candidate/v1/${token}`,
      `/%63andidate/v1/${token}?lang=en`,
      `/tokens/${token}`,
      `/v2/org/tests?copy=${token}`,
      `/v2/reports/${invitationId}/pdf?expires=${expires}&signature=${signature}`,
    ];
    for (const url of urls) await atInfo.inject({ method: 'GET', url, headers: { 'content-type': 'application/json' } });
    await atInfo.close();
    const log = summaryLines.join('');
    for (const piece of [...piecesOf(token), ...piecesOf(signature)]) expect(log).not.toContain(piece);
    expect(log).not.toContain('"msg":"request completed"');
    const summaries = summaryLines.map((line) => JSON.parse(line) as { msg: string; requests?: number; busiestRoutes?: { route: string }[] });
    const summary = summaries.find(({ msg }) => msg === 'requests served');
    expect(summary?.requests).toBe(urls.length);
    expect(summary?.busiestRoutes?.map(({ route }) => route)).toEqual(
      expect.arrayContaining(['GET /t/:token', '(no route)', 'GET /v2/reports/:testInvitationId/pdf']),
    );
  });
});
