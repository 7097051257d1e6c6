import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidate, registerFor } from '../helpers/candidate.js';
import { expectSuccess } from '../helpers/expectations.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What every answer carries: no cache keeps it (unless `caching` allows a deliberate choice), nosniff, the request id. */
const expectSecurityHeaders = (response: LightMyRequestResponse, caching: readonly string[] = ['no-store']) => {
  expect(caching, `Cache-Control of HTTP ${response.statusCode}`).toContain(response.headers['cache-control']);
  expect(response.headers['x-content-type-options'], `nosniff on HTTP ${response.statusCode}`).toBe('nosniff');
  expect(response.headers['x-request-id'], `x-request-id on HTTP ${response.statusCode}`).toMatch(/^[A-Za-z0-9._:-]+$/);
};

/**
 * Attack class: an answer that a browser or shared cache keeps, or sniffs as HTML, because it came from somewhere
 * other than a route handler — Fastify's router (bad percent-encoding, over-long parameters), the not-found and 405
 * handlers, the rate limiter, the static files of /docs, the candidate page and its assets, exports. Every one
 * carries `Cache-Control: no-store` (hashed assets: the deliberate immutable caching), `nosniff` and `x-request-id`.
 * (Answers of Node's parser and of a closing server: parser-failures-are-the-envelope and
 * shutdown-answers-the-envelope, on real sockets.)
 */
describe.each(backends)('every answer carries the security headers, on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { ASSAY_RATE_LIMIT_BAD_API_KEY: '1/10m', ASSAY_BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => h.close());

  const send = (options: InjectOptions) => h.app.inject({ ...options, headers: { 'x-api-key': h.org.apiKey, ...options.headers } });

  it.each([
    ['bad percent-encoding', '/v2/org/tests/%E0%A4%A'],
    ['bad percent-encoding', '/candidate/v1/%ZZ'],
    ['bad percent-encoding', '/admin/orgs/%E0%A4%A/keys'],
    ['bad percent-encoding', '/t/%E0%A4%A'],
    ['bad percent-encoding', '/l/%'],
    ['bad percent-encoding', '/v2/reports/%E0%A4%A/pdf'],
    ['bad percent-encoding', '/%E0%A4%A'],
    ['a 600-character token', `/candidate/v1/${'a'.repeat(600)}`],
    ['a 600-digit id', `/v2/org/tests/${'1'.repeat(600)}`],
    ['a 5000-character page token', `/t/${'t'.repeat(5000)}`],
  ])('a failure inside the router: %s (%#)', async (_label, url) => {
    const response = await send({ method: 'GET', url });
    expect([400, 414]).toContain(response.statusCode);
    expectSecurityHeaders(response);
  });

  it.each([
    ['GET', '/nowhere'],
    ['DELETE', '/healthz'],
    ['OPTIONS', '/v2/org/tests'],
    ['HEAD', '/healthz'],
    ['GET', '/docs/static/missing.js'],
    ['GET', '/assets/missing.js'],
  ] as const)('not found and not allowed: %s %s', async (method, url) => {
    expectSecurityHeaders(await send({ method, url }));
  });

  it('refusals of the rate limiter and of the body parser', async () => {
    const stranger = { remoteAddress: '203.0.113.7', headers: { 'x-api-key': '' } };
    const unauthorized = await send({ method: 'GET', url: '/v2/org/tests', ...stranger });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);
    const limited = await send({ method: 'GET', url: '/v2/org/tests', ...stranger });
    expect(limited.statusCode).toBe(429);
    expectSecurityHeaders(limited);
    const tooLarge = await send({
      method: 'POST',
      url: '/v2/org/tests',
      headers: { 'content-type': 'application/json' },
      payload: `{"x":"${'a'.repeat(4096)}"}`,
    });
    expect(tooLarge.statusCode).toBe(413);
    expectSecurityHeaders(tooLarge);
  });

  it('the reference: /docs, its static files, its redirect, and the OpenAPI document', async () => {
    for (const url of ['/docs', '/docs/static/swagger-ui.css', '/docs/static/swagger-ui-bundle.js', '/docs/static/index.html', '/docs/json', '/openapi.json']) {
      const response = await send({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(400);
      expectSecurityHeaders(response);
    }
  });

  it('the candidate pages, and their assets: hashed ones may be cached for good', async () => {
    const page = await send({ method: 'GET', url: '/t/some-token' });
    expectSecurityHeaders(page);
    expectSecurityHeaders(await send({ method: 'GET', url: '/l/some-key' }));
    const script = /<script src="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    if (script) {
      const asset = await send({ method: 'GET', url: script });
      expect(asset.statusCode).toBe(200);
      expectSecurityHeaders(asset, [IMMUTABLE]);
    }
  });

  it('exports: the report PDF and the test workbook', async () => {
    const testId = await h.importTest();
    const { invitationId, token } = await registerFor(h, testId, `headers-${backend}@example.com`);
    await candidate(h, token).client.start();
    expectSuccess(await candidate(h, token).submit());
    await h.drainJobs();
    for (const url of [`/v2/org/report/${invitationId}/pdf`, `/v2/org/report/${testId}/excel`]) {
      const response = await send({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response, ['private, no-store']);
    }
  });
});
