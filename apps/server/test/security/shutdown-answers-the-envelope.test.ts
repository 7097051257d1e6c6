import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@assay/config';
import { buildApp } from '../../src/app.js';
import { listenOnLoopback, rawConnection } from '../helpers/raw-http.js';
import { GENEROUS_RATE_LIMITS } from '../helpers/generous-limits.js';
import { PUBLIC_URL, openTestStore } from '../helpers/test-app.js';
import { NO_COMPILER_WARM_UP } from '../helpers/no-compiler-warm-up.js';

const SLOW_MS = 600;
const get = (path: string, extra: string[] = []) => `GET ${path} HTTP/1.1\r\nHost: assay.test\r\n${[...extra, ''].join('\r\n')}\r\n`;

/**
 * Attack class: requests that reach a server while it shuts down (SIGTERM), on connections that were open
 * before — pipelined behind a request still running, or the next request of a keep-alive client. The running
 * request finishes; every later one answers the 503.3 envelope with Retry-After, the security headers and
 * Connection: close, never Fastify's own 503 body. On a real socket: `inject` does not reach a closing server.
 */
describe('a server shutting down answers the envelope', () => {
  let app: FastifyInstance | undefined;
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await app?.close();
    await dispose?.();
    app = undefined;
  });

  const start = async () => {
    const opened = await openTestStore('sqlite');
    dispose = opened.dispose;
    app = await buildApp({ config: loadConfig({ ASSAY_PUBLIC_URL: PUBLIC_URL, ...GENEROUS_RATE_LIMITS, ...NO_COMPILER_WARM_UP }), store: opened.store });
    // A request that is still running when the shutdown begins.
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      return { finished: true };
    });
    return listenOnLoopback(app);
  };

  it.each([
    ['the next request of a keep-alive connection', '/healthz', []],
    ['a candidate API call', '/candidate/v1/some-token', []],
    ['an org API call', '/v2/org/tests', ['x-api-key: assay_not-checked-while-closing']],
    ['a page', '/t/some-token', []],
  ])('%s, sent after the shutdown began, is 503.3', async (_what, path, headers) => {
    const port = await start();
    const connection = await rawConnection(port);
    connection.send(get('/slow'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app!.close();
    // The shutdown has begun once the listening socket is closed (after the preClose hooks), however slow the machine.
    while (app!.server.listening) await new Promise((resolve) => setTimeout(resolve, 5));
    connection.send(get(path, headers));
    await closing;
    await connection.closedWithin(2_000);
    connection.destroy();

    const [running, refused, ...more] = connection.answers();
    expect(more).toEqual([]);
    expect(running?.status).toBe(200);
    expect(JSON.parse(running!.body)).toEqual({ finished: true });
    expect(refused?.status).toBe(503);
    expect(JSON.parse(refused!.body)).toEqual({ statuscode: '503.3', description: 'Server is shutting down', result: expect.stringMatching(/shutting down/) });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused!.headers['cache-control']).toBe('no-store');
    expect(refused!.headers['x-content-type-options']).toBe('nosniff');
    expect(refused!.headers['x-request-id']).toBeTruthy();
    expect(refused!.headers.connection?.toLowerCase()).toBe('close');
  });
});
