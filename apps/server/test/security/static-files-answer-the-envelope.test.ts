import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../helpers/expectations.js';
import { exchange, listenOnLoopback } from '../helpers/raw-http.js';
import { startHarness, type Harness } from '../helpers/test-app.js';

/**
 * Attack class: the file servers (the static files of /docs, the candidate page's /assets) asked for what they do
 * not serve — missing files, dotfiles, paths out of their directory, ranges and conditions they cannot meet, other
 * methods. Each answers the envelope of its own class: 404.1 for what is not there, 403.16 for what may not be
 * served, 400.14 for what cannot be met, and 405.1 only when the method is really not allowed. (No storage is
 * involved: SQLite only.)
 */
describe('static files and assets answer the envelope', () => {
  let h: Harness;
  let port: number;
  beforeAll(async () => {
    h = await startHarness('sqlite');
    port = await listenOnLoopback(h.app);
  });
  afterAll(() => h.close());

  const get = (url: string, headers: Record<string, string> = {}) => h.request({ method: 'GET', url, apiKey: null, headers });

  it.each([
    '/docs/static/nope.js',
    '/docs/static/index.html/x',
    '/docs/static/.hidden',
    '/docs/static/theme/nope.css',
    '/assets/nope.js',
    '/assets/candidate.js.br',
    '/assets/.env',
  ])('a file that is not there (%s) is 404.1, not 405.1 or a text page', async (url) => {
    const failure = expectFailure(await get(url), '404.1');
    expect(failure.result).not.toMatch(/does not answer GET/);
    const head = await h.request({ method: 'HEAD', url, apiKey: null });
    expect(head.statusCode).toBe(404);
  });

  it.each([
    ['range', { range: 'bytes=99999999-' }],
    ['condition', { 'if-match': '"not-this-one"' }],
  ])('a %s the static server cannot meet is 400.14, not a body validation failure', async (_what, headers) => {
    const failure = expectFailure(await get('/docs/static/swagger-ui.css', headers), '400.14');
    expect(failure.result).not.toBe('');
  });

  it.each([
    ['/docs/static/../../package.json', '403.16'],
    ['/docs/static/%2e%2e/%2e%2e/package.json', '403.16'],
    ['/docs/static/..\\..\\package.json', '403.16'],
    ['/docs/static/..', '403.16'],
    ['/docs/static/..%2f..%2fpackage.json', '404.1'],
    ['/docs/static//etc/passwd', '404.1'],
    ['/assets/../package.json', '404.1'],
  ])('a path out of the file directory (%s, sent as is) is %s, never 400.2 and never the file', async (path, statuscode) => {
    const { answers } = await exchange(port, `GET ${path} HTTP/1.1\r\nHost: assay.test\r\nConnection: close\r\n\r\n`);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.status).toBe(Number(statuscode.split('.')[0]));
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ statuscode });
  });

  it.each([
    ['POST', '/docs/static/swagger-ui.css', 'GET, HEAD'],
    ['DELETE', '/docs/static/nope.js', 'GET, HEAD'],
    ['PUT', '/assets/candidate.js', 'GET, HEAD'],
    ['POST', '/assets/nope.js', 'GET, HEAD'],
  ] as const)('%s %s is 405.1 with Allow: %s (the method is really not allowed)', async (method, url, allow) => {
    const response = await h.request({ method, url, apiKey: null });
    expectFailure(response, '405.1');
    expect(response.headers.allow).toBe(allow);
  });
});
