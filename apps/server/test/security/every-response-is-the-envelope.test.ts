import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../helpers/expectations.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

/**
 * Attack class: requests that fail inside the framework, before any route runs (bad percent-encoding,
 * over-long path parameters, wrong methods, prototype keys, ids no JavaScript number can hold). Each
 * answers the envelope with its own statuscode, never Fastify's own body.
 */
describe.each(backends)('framework-level failures answer the envelope, on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  it.each(['/v2/org/tests/%E0%A4%A', '/v2/org/tests/%', '/candidate/v1/%ZZ', '/v2/org/report/%C0%AF/sections', '/t/%E0%A4%A'])(
    'a malformed percent-encoding (%s) answers 400.13',
    async (url) => {
      expectFailure(await h.request({ method: 'GET', url }), '400.13');
    },
  );

  it.each([101, 150, 200])('a %s-character candidate token is looked up (404.7), not refused by the router', async (length) => {
    expectFailure(await h.request({ method: 'GET', url: `/candidate/v1/${'a'.repeat(length)}`, apiKey: null }), '404.7');
  });

  it.each([`/candidate/v1/${'a'.repeat(600)}`, `/v2/org/tests/${'1'.repeat(600)}`, `/candidate/v1/links/${'k'.repeat(5000)}`])(
    'a path parameter longer than the router takes answers 414.1',
    async (url) => {
      expectFailure(await h.request({ method: 'GET', url, apiKey: null }), '414.1');
    },
  );

  it.each([
    ['DELETE', '/v2/org/tests', 'GET, HEAD, POST'],
    ['PUT', '/v2/org/tests/1', 'GET, HEAD'],
    ['GET', '/v2/org/tests/1/register', 'POST'],
    ['PATCH', '/v2/org/tests/1/testlinks/2', 'GET, HEAD, POST'],
    ['POST', '/candidate/v1/some-token', 'GET, HEAD'],
    ['DELETE', '/healthz', 'GET, HEAD'],
  ] as const)('%s %s answers 405.1 with Allow: %s', async (method, url, allow) => {
    const response = await h.request({ method, url });
    expectFailure(response, '405.1');
    expect(response.headers.allow).toBe(allow);
  });

  it.each(['107374184', '999999999'])('page %s of the tests, past any 32-bit position, is an empty page, not a 500', async (pageNo) => {
    for (const pageSize of ['20', '100']) {
      const response = await h.request({ method: 'GET', url: `/v2/org/tests?page_no=${pageNo}&page_size=${pageSize}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ result: { tests: unknown[] } }>().result.tests).toEqual([]);
    }
  });

  it('an unknown path is still 404.1, whatever the method', async () => {
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/nothing-here' }), '404.1');
    expectFailure(await h.request({ method: 'DELETE', url: '/nowhere' }), '404.1');
  });

  it.each(['{"__proto__":{"admin":true},"testLinkName":"x","accessTime":0}', '{"testLinkName":"x","accessTime":0,"constructor":{"prototype":{"admin":true}}}'])(
    'a body with a prototype key is a validation failure (400.2), not "invalid JSON": %s',
    async (payload) => {
      const testId = await h.importTest();
      const failure = expectFailure(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, payload }), '400.2');
      expect(failure.result).toMatch(/reserved key/);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    },
  );

  it.each([
    ['/v2/org/tests/9007199254740993', '404.2', 'No test 9007199254740993.'],
    ['/v2/org/report/9223372036854775807', '404.4', 'No test invitation 9223372036854775807.'],
    ['/v2/org/testinvitation/9007199254740992/cancel', '404.4', 'No test invitation 9007199254740992.'],
    ['/v2/org/tests/1/testlinks/9007199254740993', '404.3', 'No test link 9007199254740993.'],
  ])('an Int64 id past 2^53 - 1 (%s) is quoted as sent, never as -1', async (url, code, message) => {
    if (url.includes('/tests/1/')) await h.importTest();
    const failure = expectFailure(await h.request({ method: 'GET', url }), code);
    expect(failure.result).toBe(message);
    expect(failure.result).not.toContain('-1');
  });
});
