import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore } from '@assay/store';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '@assay/config';
import { redactUrl } from '../../src/logging/redaction.js';
import { generateApiKey } from '../../src/auth/api-key.js';
import { sampleDefinition } from '../helpers/fixtures.js';
import { ADMIN_TOKEN, PUBLIC_URL, backends, startHarness, type Harness } from '../helpers/test-app.js';
import { NO_COMPILER_WARM_UP } from '../helpers/no-compiler-warm-up.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** Attack class: secrets (API keys, whsec_ secrets, tokens, signatures) kept by caches, sniffed as HTML, or logged. */
describe.each(backends)('secrets are not cacheable, sniffable or logged, on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  it.each([
    ['POST', '/admin/orgs', { name: 'Cache Co', email: 'cache@example.com' }],
    ['GET', '/v2/org/webhooks', undefined],
    ['POST', '/v2/org/webhooks/secret/rotate', undefined],
    ['GET', '/v2/org/tests', undefined],
    ['GET', '/healthz', undefined],
    ['GET', '/v2/org/tests/999', undefined],
    ['GET', '/nowhere', undefined],
    ['GET', '/candidate/v1/unknown-token', undefined],
  ] as const)('%s %s: Cache-Control no-store and nosniff', async (method, url, body) => {
    const response = await h.request({ method, url, ...(body ? { body } : {}), headers: url.startsWith('/admin') ? admin : {} });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('admin key listings and rotations are no-store too', async () => {
    const created = await h.request({ method: 'POST', url: '/admin/orgs', body: { name: 'Keys Co', email: 'keys@example.com' }, headers: admin });
    const { orgId } = created.json<{ result: { orgId: number } }>().result;
    for (const [method, url] of [
      ['GET', `/admin/orgs/${orgId}/keys`],
      ['POST', `/admin/orgs/${orgId}/keys/rotate`],
    ] as const) {
      const response = await h.request({ method, url, headers: admin });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('/docs has a Content-Security-Policy', async () => {
    for (const url of ['/docs', '/docs/static/index.html']) {
      const response = await h.request({ method: 'GET', url, apiKey: null });
      if (response.statusCode === 302) continue;
      expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(response.headers['content-security-policy']).toMatch(/object-src 'none'/);
    }
  });
});

describe('take-test tokens and report signatures never reach the logs', () => {
  it('redactUrl replaces every credential in a path or query', () => {
    expect(redactUrl('/t/abc_DEF-123')).toBe('/t/[redacted]');
    expect(redactUrl('/candidate/v1/abc_DEF-123/answers/4')).toBe('/candidate/v1/[redacted]/answers/4');
    expect(redactUrl('/candidate/v1/abc?x=1')).toBe('/candidate/v1/[redacted]?x=1');
    expect(redactUrl('/candidate/v1/links/public-key/register')).toBe('/candidate/v1/links/public-key/register');
    expect(redactUrl('/shared/short-Token/pdf')).toBe('/shared/[redacted]/pdf');
    expect(redactUrl('/Shared/abc')).toBe('/Shared/[redacted]');
    expect(redactUrl('/v2/reports/7/pdf?expires=1&signature=s3cr3t')).toBe('/v2/reports/7/pdf?expires=1&signature=[redacted]');
    expect(redactUrl('/v2/reports/7/pdf?signature=s3cr3t&expires=1')).toBe('/v2/reports/7/pdf?signature=[redacted]&expires=1');
  });

  it.each(backends)('a whole candidate session and a signed report URL on %s log no token or signature', async (backend) => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { store, dispose } = await openScratchStore(backend, inject('pgUrl'));
    const app = await buildApp({ config: loadConfig({ ASSAY_PUBLIC_URL: PUBLIC_URL, ...NO_COMPILER_WARM_UP }), store, logger: { level: 'trace', stream } });
    try {
      const org = await store.orgs.create({ name: 'Logged', email: 'logged@example.com', timeZoneId: 1000 }, Date.now());
      const key = generateApiKey();
      await store.apiKeys.insert(org.id, key.keyHash, key.prefix, Date.now());
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
        app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', 'x-api-key': key.apiKey },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
      const testId = (await call('POST', '/v2/org/tests', sampleDefinition)).json<{ result: { testId: number } }>().result.testId;
      const registered = await call('POST', `/v2/org/tests/${testId}/register`, { emailId: 'ada@example.com', fullName: 'Ada' });
      const token = new URL(registered.json<{ result: { takeTestURL: string } }>().result.takeTestURL).pathname.split('/').at(-1)!;
      for (const [method, url, body] of [
        ['GET', `/t/${token}`],
        ['GET', `/candidate/v1/${token}`],
        ['POST', `/candidate/v1/${token}/start`],
        ['PUT', `/candidate/v1/${token}/answers/999`, { optionIds: [0] }],
        ['POST', `/candidate/v1/${token}/submit`],
        ['GET', `/candidate/v1/${token}%ZZ`],
        ['GET', '/v2/reports/1/pdf?expires=99999999999&signature=SIGNATURE-SECRET'],
      ] as const) {
        await call(method, url, body);
      }
      await app.close();
      const log = lines.join('');
      expect(log).toContain('[redacted]');
      expect(log).not.toContain(token);
      expect(log).not.toContain('SIGNATURE-SECRET');
      expect(log).not.toContain(key.apiKey);
    } finally {
      await app.close();
      await dispose();
    }
  });
});
