import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(backends)('health and readiness on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  it('answers /healthz and /readyz with 200.1 and no API key', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await h.request({ method: 'GET', url, apiKey: null });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      // /readyz also says which languages run here (issue 49): its own test is language-availability.test.ts.
      expect(envelope(response)).toMatchObject({ statuscode: '200.1', description: 'Request succeeded', result: { status: 'ok' } });
    }
  });

  it('answers /readyz with 503.1 once the database is gone, while /healthz stays up', async () => {
    const closing = await startHarness(backend);
    try {
      expect((await closing.request({ method: 'GET', url: '/readyz', apiKey: null })).statusCode).toBe(200);
      await closing.store.close();
      const ready = await closing.request({ method: 'GET', url: '/readyz', apiKey: null });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['content-type']).toMatch(/^application\/json/);
      const body = envelope(ready);
      expect(body.statuscode).toBe('503.1');
      expect(typeof body.result).toBe('string');
      expect((await closing.request({ method: 'GET', url: '/healthz', apiKey: null })).statusCode).toBe(200);
    } finally {
      await closing.close();
    }
    // Other apps and their databases are unaffected.
    expect((await h.request({ method: 'GET', url: '/readyz', apiKey: null })).statusCode).toBe(200);
  });
});

describe('OpenAPI, docs, request ids and reference data', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('sqlite');
  });
  afterAll(() => h.close());

  const v2Operations: [string, string][] = [
    ['get', '/v2/org/tests'],
    ['post', '/v2/org/tests'],
    ['get', '/v2/org/tests/{testId}'],
    ['post', '/v2/org/tests/{testId}/testlinks'],
    ['get', '/v2/org/tests/{testId}/testlinks'],
    ['post', '/v2/org/tests/{testId}/testlinks/{testLinkId}'],
    ['get', '/v2/org/tests/{testId}/testlinks/{testLinkId}'],
    ['post', '/v2/org/tests/{testId}/register'],
    ['post', '/v2/org/tests/{testId}/testlinks/{testLinkId}/register'],
    ['get', '/v2/org/testinvitation/{testInvitationId}/cancel'],
    ['get', '/v2/org/testinvitation/{testInvitationId}/reattempt'],
    ['get', '/v2/org/report/{testInvitationId}'],
    ['get', '/v2/org/report/{testInvitationId}/sections'],
    ['get', '/v2/org/report/{testInvitationId}/pdf'],
    ['get', '/v2/org/report/{testId}/excel'],
  ];
  const adminOperations: [string, string][] = [
    ['post', '/admin/orgs'],
    ['get', '/admin/orgs/{orgId}/keys'],
    ['post', '/admin/orgs/{orgId}/keys'],
    ['post', '/admin/orgs/{orgId}/keys/rotate'],
    ['post', '/admin/orgs/{orgId}/keys/{keyId}/revoke'],
  ];

  it('serves an OpenAPI 3.1 document with every v2 and admin operation', async () => {
    const response = await h.request({ method: 'GET', url: '/openapi.json', apiKey: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const doc = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    for (const [method, path] of [...v2Operations, ...adminOperations]) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    for (const [method, path] of v2Operations) {
      expect(doc.paths[path]![method]!.security, `${method.toUpperCase()} ${path}`).toEqual([{ apiKey: [] }]);
    }
    for (const [method, path] of adminOperations) {
      expect(doc.paths[path]![method]!.security, `${method.toUpperCase()} ${path}`).toEqual([{ adminToken: [] }]);
    }
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['TestLink', 'CandidateReport']));
    expect(doc.components.securitySchemes).toMatchObject({ apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } });
  });

  it('serves the API reference as HTML at /docs', async () => {
    let response = await h.request({ method: 'GET', url: '/docs', apiKey: null });
    for (let hops = 0; hops < 3 && response.statusCode >= 300 && response.statusCode < 400; hops += 1) {
      const location = String(response.headers.location);
      response = await h.request({ method: 'GET', url: new URL(location, 'http://x/docs').pathname, apiKey: null });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
  });

  it('gives every response an x-request-id, generated when none is sent', async () => {
    const first = await h.request({ method: 'GET', url: '/healthz', apiKey: null });
    const second = await h.request({ method: 'GET', url: '/healthz', apiKey: null });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    // Failures carry it too.
    expect((await h.request({ method: 'GET', url: '/nope', apiKey: null })).headers['x-request-id']).toMatch(UUID);
    expect((await h.request({ method: 'GET', url: '/v2/org/tests', apiKey: null })).headers['x-request-id']).toMatch(UUID);
  });

  it('echoes a sane incoming x-request-id', async () => {
    for (const id of ['abc-123', 'req_42.a:b', 'A'.repeat(128), '0f9e2c4b-7d1a-4c3e-9b8f-1a2b3c4d5e6f']) {
      const response = await h.request({ method: 'GET', url: '/v2/org/tests', headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id']).toBe(id);
    }
    const failure = await h.request({ method: 'GET', url: '/v2/org/tests/abc', headers: { 'x-request-id': 'trace-400' } });
    expect(failure.statusCode).toBe(400);
    expect(failure.headers['x-request-id']).toBe('trace-400');
  });

  it('replaces an insane incoming x-request-id', async () => {
    for (const id of ['A'.repeat(300), 'has spaces in it', 'semi;colon', 'quote"d', '<script>', 'tab\tbed']) {
      const response = await h.request({ method: 'GET', url: '/healthz', apiKey: null, headers: { 'x-request-id': id } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id'], id).toMatch(UUID);
    }
  });

  it('lists the time zone table at /v2/timezones without an API key', async () => {
    const response = await h.request({ method: 'GET', url: '/v2/timezones', apiKey: null });
    expect(response.statusCode).toBe(200);
    const body = envelope<{ timeZones: { timeZoneId: number; iana: string; name: string }[] }>(response);
    expect(body.statuscode).toBe('200.1');
    expect(body.result.timeZones).toContainEqual(expect.objectContaining({ timeZoneId: 1720, iana: 'Asia/Kolkata' }));
    const ids = body.result.timeZones.map((zone) => zone.timeZoneId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const zone of body.result.timeZones) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone.iana }), zone.iana).not.toThrow();
    }
  });
});
