import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@assay/config';
import { describeStatus, type FailureCode } from '@assay/domain/v2';
import { buildApp } from '../../src/app.js';
import { exchange, listenOnLoopback, type RawAnswer } from '../helpers/raw-http.js';
import { PUBLIC_URL, openTestStore, startHarness, type Harness } from '../helpers/test-app.js';
import { NO_COMPILER_WARM_UP } from '../helpers/no-compiler-warm-up.js';

const TOKEN = 'tok3n-Th4t-Must-n0t-Reach-The-L0g_0123456789abcdefgh';
const request = (line: string, headers: string[] = ['Host: assay.test'], body = '') => `${line}\r\n${[...headers, ''].join('\r\n')}\r\n${body}`;

/** The envelope with `statuscode`, the headers every answer carries, and the connection closed. */
const expectEnvelope = ({ answers, closed }: { answers: RawAnswer[]; closed: boolean }, statuscode: string) => {
  expect(answers, 'exactly one answer').toHaveLength(1);
  const [answer] = answers as [RawAnswer];
  expect(answer.status).toBe(Number(statuscode.split('.')[0]));
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ statuscode, description: describeStatus(statuscode as FailureCode), result: expect.any(String) });
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]+$/);
  expect(answer.headers.connection?.toLowerCase()).toBe('close');
  expect(closed, 'the server closed the connection').toBe(true);
};

/**
 * Attack class: bytes that are not valid HTTP/1.1, which Node's parser refuses before Fastify sees a request (so
 * no route, hook or error handler runs): unknown methods, lying or doubled lengths, broken chunks, forbidden bytes
 * in the path or the headers, unknown versions, oversized headers; and what Node would answer (or drop) itself: a
 * request without Host, CONNECT, an unknown Expect. Each answers the envelope with the security headers and closes the connection; nothing of the
 * raw request (a token in its path) reaches the log. Sent on real sockets: `inject` cannot send such bytes.
 */
describe('requests the HTTP parser refuses answer the envelope', () => {
  let h: Harness;
  let port: number;
  beforeAll(async () => {
    h = await startHarness('sqlite');
    port = await listenOnLoopback(h.app);
  });
  afterAll(() => h.close());

  it.each([
    ['an unknown method', request('FOO /v2/org/tests HTTP/1.1'), '400.14'],
    ['a Content-Length that is not a number', request('POST /v2/org/tests HTTP/1.1', ['Host: assay.test', 'Content-Length: abc']), '400.14'],
    [
      'Content-Length and Transfer-Encoding together',
      request('POST /v2/org/tests HTTP/1.1', ['Host: assay.test', 'Content-Length: 3', 'Transfer-Encoding: chunked'], '0\r\n\r\n'),
      '400.14',
    ],
    ['two different Content-Lengths', request('POST /v2/org/tests HTTP/1.1', ['Host: assay.test', 'Content-Length: 2', 'Content-Length: 3'], '{}'), '400.14'],
    [
      'a chunk size that is not hex',
      request(
        'POST /candidate/v1/x/events HTTP/1.1',
        ['Host: assay.test', 'Content-Type: application/json', 'Transfer-Encoding: chunked'],
        'zz\r\nabc\r\n0\r\n\r\n',
      ),
      '400.14',
    ],
    ['a control character in the path', request(`GET /t/${TOKEN}\u0001 HTTP/1.1`), '400.13'],
    ['a space in the path', request(`GET /t/${TOKEN} x HTTP/1.1`), '400.14'],
    ['an unknown HTTP version', request(`GET /candidate/v1/${TOKEN} HTTP/9.9`), '400.14'],
    ['a control character in a header name', request('GET /healthz HTTP/1.1', ['Host: assay.test', 'X-A\u0001: 1']), '400.14'],
    ['a DEL in a header value', request('POST /v2/org/tests HTTP/1.1', ['Host: assay.test', 'Idempotency-Key: k\u007f']), '400.14'],
    [
      'headers over the limit',
      request('GET /healthz HTTP/1.1', ['Host: assay.test', ...['X-B', 'X-C', 'X-D', 'X-E'].map((name) => `${name}: ${'a'.repeat(20_000)}`)]),
      '431.1',
    ],
    ['garbage', '\u0000\u0001\u0002\r\n\r\n', '400.14'],
    ['no Host on HTTP/1.1', request('GET /healthz HTTP/1.1', []), '400.14'],
    ['CONNECT (Node would close the connection without a word)', request('CONNECT example.com:443 HTTP/1.1', ['Host: example.com:443']), '405.1'],
  ])('%s', async (_what, bytes, statuscode) => {
    expectEnvelope(await exchange(port, bytes), statuscode);
  });

  it('an Expect other than 100-continue is ignored and the request served, not answered with a bare 417', async () => {
    const { answers } = await exchange(port, request('GET /healthz HTTP/1.1', ['Host: assay.test', 'Expect: something-else', 'Connection: close']));
    expect(answers).toHaveLength(1);
    expect(answers[0]!.status).toBe(200);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ statuscode: '200.1' });
    expect(answers[0]!.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a well-formed request on the same server is still answered (HTTP/1.0 needs no Host)', async () => {
    const { answers } = await exchange(port, request('GET /healthz HTTP/1.0', []));
    expect(answers[0]?.status).toBe(200);
  });
});

describe('the raw bytes of a refused request never reach the log', () => {
  it('only the parser error code is logged', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { store, dispose } = await openTestStore('sqlite');
    const app = await buildApp({ config: loadConfig({ ASSAY_PUBLIC_URL: PUBLIC_URL, ...NO_COMPILER_WARM_UP }), store, logger: { level: 'trace', stream } });
    try {
      const port = await listenOnLoopback(app);
      expectEnvelope(await exchange(port, request(`GET /t/${TOKEN}\u0001 HTTP/1.1`)), '400.13');
      expectEnvelope(await exchange(port, request(`GET /candidate/v1/${TOKEN} HTTP/9.9`)), '400.14');
    } finally {
      await app.close();
      await dispose();
    }
    const log = lines.join('');
    expect(log).toContain('HPE_INVALID_URL');
    expect(log).not.toContain(TOKEN);
  });
});
