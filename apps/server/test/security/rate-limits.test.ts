import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sweepExpired } from '../../src/plugins/housekeeping.js';
import { manualClock } from '../helpers/candidate.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { ADMIN_TOKEN, backends, envelope, startHarness, type Harness } from '../helpers/test-app.js';

const MINUTE = 60_000;

/** A 429.1 envelope with Retry-After and the RateLimit headers of a limit of `max`. */
const expectTooMany = (response: LightMyRequestResponse, max: number) => {
  expectFailure(response, '429.1');
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(response.headers['ratelimit-limit']).toBe(String(max));
  expect(response.headers['ratelimit-remaining']).toBe('0');
  expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
};

describe.each(backends)('rate limits on %s', (backend) => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const start = async (env: Record<string, string>, now?: () => number) => (h = await startHarness(backend, env, now));
  /** A request from a given client address (the socket's, as fastify sees it). */
  const from = (remoteAddress: string, options: InjectOptions) => h!.app.inject({ ...options, remoteAddress });
  const listTests = (apiKey: string, remoteAddress = '127.0.0.1') =>
    from(remoteAddress, { method: 'GET', url: '/v2/org/tests', headers: { 'x-api-key': apiKey } });

  it('limits the org API per API key, with the RateLimit headers on every answer', async () => {
    const clock = manualClock(Date.parse('2026-12-01T00:00:00Z'));
    const { org } = await start({ ASSAY_RATE_LIMIT_ORG_API: '3/1m' }, clock.now);
    const other = await h!.createOrg('Other');
    for (const remaining of [2, 1, 0]) {
      const response = await listTests(org.apiKey);
      expectSuccess(response);
      expect(response.headers['ratelimit-limit']).toBe('3');
      expect(response.headers['ratelimit-remaining']).toBe(String(remaining));
      expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    expectTooMany(await listTests(org.apiKey), 3);
    // Counted per key, not per address: the other org's key from the same address is untouched.
    expectSuccess(await listTests(other.apiKey));
    clock.advance(MINUTE);
    expectSuccess(await listTests(org.apiKey));
  });

  it("spends the same key's budget on iMocha v3's paths, refused in v3's shape (issue 52)", async () => {
    const { org } = await start({ ASSAY_RATE_LIMIT_ORG_API: '2/1m' });
    const window = { StartDateTime: '2026-11-01T00:00:00Z', EndDateTime: '2026-11-02T00:00:00Z' };
    const attempts = () =>
      from('127.0.0.1', {
        method: 'POST',
        url: '/v3/candidates/testattempts?state=completed',
        headers: { 'x-api-key': org.apiKey, 'content-type': 'application/json' },
        payload: JSON.stringify(window),
      });
    expect((await attempts()).statusCode).toBe(200);
    expectSuccess(await listTests(org.apiKey));
    const refused = await attempts();
    expect([refused.statusCode, refused.json()]).toEqual([
      429,
      { statusCode: 429, message: expect.any(String), errors: [expect.any(String)], statuscode: '429.1' },
    ]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it("spends the same key's budget on Greenhouse's partner API, refused in Greenhouse's shape (decision 1300)", async () => {
    const { org } = await start({ ASSAY_RATE_LIMIT_ORG_API: '2/1m' });
    const listTests = () =>
      from('127.0.0.1', {
        method: 'GET',
        url: '/partners/greenhouse/list_tests',
        headers: { authorization: `Basic ${Buffer.from(`${org.apiKey}:`).toString('base64')}` },
      });
    for (const _ of [1, 2]) expect((await listTests()).statusCode).toBe(200);
    const refused = await listTests();
    expect([refused.statusCode, refused.json()]).toEqual([429, { status: 429, statuscode: '429.1', errors: [expect.any(String)] }]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('counts the org limit after authentication: bad keys never use up a good key', async () => {
    const { org } = await start({ ASSAY_RATE_LIMIT_ORG_API: '2/1m' });
    for (let i = 0; i < 5; i += 1) expectFailure(await listTests(`assay_wrong-key-${i}-0123456789`), '401.2');
    expectSuccess(await listTests(org.apiKey));
    expectSuccess(await listTests(org.apiKey));
    expectTooMany(await listTests(org.apiKey), 2);
  });

  it('limits unknown take-test tokens per client address; X-Forwarded-For is ignored unless its proxy is trusted', async () => {
    await start({ ASSAY_RATE_LIMIT_CANDIDATE_API: '3/1m' });
    const session = (remoteAddress: string, forwardedFor?: string) =>
      from(remoteAddress, { method: 'GET', url: '/candidate/v1/no-such-token-0123456789', headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    for (let i = 0; i < 3; i += 1) expectFailure(await session('203.0.113.7', `198.51.100.${i}`), '404.7');
    expectTooMany(await session('203.0.113.7', '198.51.100.99'), 3);
    expectFailure(await session('203.0.113.8'), '404.7');
    // IPv6 clients count per /64.
    for (let i = 0; i < 3; i += 1) expectFailure(await session(`2001:db8:1:2::${i + 1}`), '404.7');
    expectTooMany(await session('2001:db8:1:2:ffff::1'), 3);
  });

  it('believes X-Forwarded-For from a trusted proxy only', async () => {
    await start({ ASSAY_RATE_LIMIT_CANDIDATE_API: '2/1m', ASSAY_TRUST_PROXY: '10.0.0.1' });
    const session = (remoteAddress: string, forwardedFor: string) =>
      from(remoteAddress, { method: 'GET', url: '/candidate/v1/no-such-token-0123456789', headers: { 'x-forwarded-for': forwardedFor } });
    for (let client = 0; client < 5; client += 1) {
      expectFailure(await session('10.0.0.1', `198.51.100.${client}`), '404.7');
      expectFailure(await session('10.0.0.1', `198.51.100.${client}`), '404.7');
    }
    expectTooMany(await session('10.0.0.1', '198.51.100.0'), 2);
    expectFailure(await session('10.0.0.2', '198.51.100.50'), '404.7');
    expectFailure(await session('10.0.0.2', '198.51.100.51'), '404.7');
    expectTooMany(await session('10.0.0.2', '198.51.100.52'), 2);
  });

  it('limits public-link self-registration more strictly than the rest of the candidate API', async () => {
    await start({ ASSAY_RATE_LIMIT_REGISTRATION: '2/10m', ASSAY_RATE_LIMIT_CANDIDATE_API: '100/1m' });
    const testId = await h!.importTest();
    const link = expectSuccess<{ testLinkAccessKey: string }>(
      await h!.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Open', accessTime: 0 } }),
    );
    const register = (email: string) =>
      from('203.0.113.20', {
        method: 'POST',
        url: `/candidate/v1/links/${link.testLinkAccessKey}/register`,
        headers: { 'content-type': 'application/json' },
        payload: { fullName: 'Self', emailId: email },
      });
    const first = await register('one@example.com');
    expectSuccess(first);
    expect(first.headers['ratelimit-limit']).toBe('2');
    expectSuccess(await register('two@example.com'));
    expectTooMany(await register('three@example.com'), 2);
    expect(await h!.store.db.selectFrom('candidates').select('email').where('email', '=', 'three@example.com').execute()).toEqual([]);
    const view = await from('203.0.113.20', { method: 'GET', url: `/candidate/v1/links/${link.testLinkAccessKey}` });
    expectSuccess(view);
    expect(view.headers['ratelimit-limit']).toBe('100');
  });

  it('limits missing and wrong API keys per address; a right key is still accepted from there', async () => {
    await start({ ASSAY_RATE_LIMIT_BAD_API_KEY: '3/10m' });
    const fresh = await h!.createOrg('Fresh');
    const lookups = vi.spyOn(h!.store.apiKeys, 'findActiveOwner');
    const attacker = '203.0.113.30';
    expectFailure(await from(attacker, { method: 'GET', url: '/v2/org/tests' }), '401.1');
    expectFailure(await listTests('short', attacker), '401.2');
    expectFailure(await listTests('assay_guess-0123456789abcdef', attacker), '401.2');
    expectTooMany(await listTests('assay_guess-0123456789abcdeg', attacker), 3);
    // A guess sent again costs no lookup: the key is remembered as unknown.
    const lookupsWhenBlocked = lookups.mock.calls.length;
    expectTooMany(await listTests('assay_guess-0123456789abcdeg', attacker), 3);
    expect(lookups.mock.calls.length).toBe(lookupsWhenBlocked);
    // The key is checked before the budget: a right one works from there (rate-limits-spare-the-innocent.test.ts).
    expectSuccess(await listTests(fresh.apiKey, attacker));
    expectSuccess(await listTests(fresh.apiKey, '203.0.113.31'));
  });

  it('limits wrong admin tokens per address; the right token is still accepted from there', async () => {
    await start({ ASSAY_RATE_LIMIT_BAD_ADMIN_TOKEN: '2/10m' });
    const keys = (remoteAddress: string, token: string) =>
      from(remoteAddress, { method: 'GET', url: `/admin/orgs/${h!.org.orgId}/keys`, headers: { authorization: `Bearer ${token}` } });
    expectFailure(await keys('203.0.113.40', 'wrong-token'), '401.3');
    expectFailure(await keys('203.0.113.40', 'wrong-token-2'), '401.3');
    expectTooMany(await keys('203.0.113.40', 'wrong-token-3'), 2);
    expectSuccess(await keys('203.0.113.40', ADMIN_TOKEN));
    expectTooMany(await keys('203.0.113.40', 'wrong-token-4'), 2);
    expectFailure(await keys('203.0.113.41', 'wrong-token'), '401.3');
  });

  it('limits report links that do not hold per address', async () => {
    await start({ ASSAY_RATE_LIMIT_REPORT_URL: '2/1m' });
    const pdf = (remoteAddress: string) => from(remoteAddress, { method: 'GET', url: '/v2/reports/1/pdf?expires=4102444800&signature=forged' });
    expectFailure(await pdf('203.0.113.50'), '403.14');
    expectFailure(await pdf('203.0.113.50'), '403.14');
    expectTooMany(await pdf('203.0.113.50'), 2);
    expectFailure(await pdf('203.0.113.51'), '403.14');
  });

  it('forgets ended windows when swept', async () => {
    const clock = manualClock(Date.parse('2026-12-01T00:00:00Z'));
    const { org } = await start({ ASSAY_RATE_LIMIT_ORG_API: '5/1m' }, clock.now);
    expectSuccess(await listTests(org.apiKey));
    expect((await sweepExpired(h!.store, clock.now())).rateLimitWindows).toBe(0);
    clock.advance(MINUTE);
    expect((await sweepExpired(h!.store, clock.now())).rateLimitWindows).toBe(1);
    const next = await listTests(org.apiKey);
    expect(next.headers['ratelimit-remaining']).toBe('4');
    expect(envelope(next).statuscode).toBe('200.1');
  });
});
