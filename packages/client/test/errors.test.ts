import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssayApiError,
  AssayConnectionError,
  AssayTimeoutError,
  AssayUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  UnprocessableEntityError,
  createClient,
  redactUrl,
} from '../src/index.js';
import { refuse, startScriptedServer, type ScriptedServer } from './helpers/scripted-server.js';

describe('refusals become typed errors', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer(() => refuse('404.2', 'No test 9.'));
  });
  afterAll(() => server.close());
  const client = () => createClient({ baseUrl: server.baseUrl, apiKey: 'k', retries: 0 });

  it.each([
    ['400.2', BadRequestError],
    ['401.2', AuthenticationError],
    ['403.4', PermissionDeniedError],
    ['404.2', NotFoundError],
    ['409.1', ConflictError],
    ['422.1', UnprocessableEntityError],
    ['429.1', RateLimitError],
    ['500.1', InternalServerError],
    ['503.2', ServiceUnavailableError],
  ] as const)('%s is a %o', async (statuscode, ErrorClass) => {
    server.script(() => refuse(statuscode, `refused with ${statuscode}`, { 'x-request-id': `req-${statuscode}` }));
    const error = await client()
      .tests.get(9)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(AssayApiError);
    expect(error).toMatchObject({
      status: Number(statuscode.split('.')[0]),
      statuscode,
      description: 'Refused',
      message: `refused with ${statuscode}`,
      requestId: `req-${statuscode}`,
    });
    expect((error as AssayApiError).headers.get('content-type')).toMatch(/json/);
  });

  it('keeps the HTTP status and a readable message when a proxy answers with a page', async () => {
    server.script(() => ({ status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>Bad gateway</h1>' }));
    const error = await client()
      .tests.list()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, statuscode: null, description: null, message: 'HTTP 502 Bad Gateway', body: '<h1>Bad gateway</h1>' });
  });

  it('sends the API key, the spec content type and no key on public calls', async () => {
    server.script(() => refuse('404.2', 'No test 9.'));
    await client()
      .tests.get(9)
      .catch(() => undefined);
    await client()
      .timeZones.list()
      .catch(() => undefined);
    await client()
      .candidate('tok/en')
      .session()
      .catch(() => undefined);
    const [org, pub, cand] = server.requests;
    expect(org!.headers).toMatchObject({ 'x-api-key': 'k', 'content-type': 'application/json;charset=utf-8' });
    expect(org!.url).toBe('/v2/org/tests/9');
    expect(pub!.headers['x-api-key']).toBeUndefined();
    expect(cand!.headers['x-api-key']).toBeUndefined();
    expect(cand!.url).toBe('/candidate/v1/tok%2Fen');
  });

  it('sends the admin token as a bearer token and never the API key on /admin', async () => {
    server.script(() => refuse('401.3', 'Send the admin token.'));
    const admin = createClient({ baseUrl: server.baseUrl, apiKey: 'k', adminToken: 'secret-admin', retries: 0 });
    await expect(admin.admin.keys.list(3)).rejects.toBeInstanceOf(AuthenticationError);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer secret-admin');
    expect(server.requests[0]!.headers['x-api-key']).toBeUndefined();
  });
});

describe('no answer: connection errors, time-outs, aborts', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer(() => 'hang');
  });
  afterAll(() => server.close());

  it('a refused connection is an AssayConnectionError', async () => {
    const closed = await startScriptedServer(() => 'hang');
    await closed.close();
    const error = await createClient({ baseUrl: closed.baseUrl, retries: 0 })
      .health.live()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssayConnectionError);
    expect(error).not.toBeInstanceOf(AssayTimeoutError);
    expect((error as Error).cause).toBeDefined();
  });

  it("never repeats a password of the server's URL in its message (issue 27)", async () => {
    const closed = await startScriptedServer(() => 'hang');
    await closed.close();
    const withPassword = closed.baseUrl.replace('://', '://ops:s3cret@');
    const error = await createClient({ baseUrl: withPassword, retries: 0 })
      .health.live()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssayConnectionError);
    expect((error as Error).message).toBe(`Could not reach the Assay server at ${closed.baseUrl.replace('://', '://***@')}.`);
    expect(redactUrl('https://ops:s3cret@assay.example.com/x')).toBe('https://***@assay.example.com/x');
    expect(redactUrl('https://ops@assay.example.com')).toBe('https://***@assay.example.com');
    expect(redactUrl('https://assay.example.com/a@b')).toBe('https://assay.example.com/a@b');
    // Also where the URL does not parse (a space), and with an @ in the password.
    expect(redactUrl('https://ops:s 3cret@x')).toBe('https://***@x');
    expect(redactUrl('https://ops:p@ss@x/y')).toBe('https://***@x/y');
  });

  it('a silent server is an AssayTimeoutError after timeoutMs', async () => {
    server.script(() => 'hang');
    const started = Date.now();
    const error = await createClient({ baseUrl: server.baseUrl, retries: 0, timeoutMs: 300 })
      .health.live()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssayTimeoutError);
    expect(error).toBeInstanceOf(AssayConnectionError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("the caller's signal aborts the call, and is not retried", async () => {
    server.script(() => 'hang');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await createClient({ baseUrl: server.baseUrl, retries: 3 })
      .tests.list({}, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssayUserAbortError);
    expect(server.requests).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    server.script(() => 'hang');
    await expect(createClient({ baseUrl: server.baseUrl }).tests.list({}, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AssayUserAbortError);
    expect(server.requests).toHaveLength(0);
  });
});
