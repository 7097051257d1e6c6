import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { REPORT_URL_KEY_SETTING, newReportUrlKey, signedReportUrl } from '@assay/delivery';
import { buildApp } from '../../src/app.js';
import { questionIdsOfTest, registerFor } from '../helpers/candidate.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { ADMIN_TOKEN, PUBLIC_URL, backends, startHarness, type Harness } from '../helpers/test-app.js';

/** One address shared by many honest clients: a NAT, a CI runner, a proxy, an exam room. */
const SHARED = '203.0.113.80';

const expectTooMany = (response: LightMyRequestResponse) => {
  expectFailure(response, '429.1');
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
};

/**
 * Limits count what a client does wrong, or what one credential spends: never what a neighbour behind the same
 * address did. Each case first lets a neighbour use up the address's budget, then checks that a right credential
 * from that address still works (on a fresh instance, where nothing is cached) while wrong ones keep getting 429.
 */
describe.each(backends)('limits that spare the innocent, on %s', (backend) => {
  let h: Harness | undefined;
  const extraApps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of extraApps.splice(0)) await app.close();
    await h?.close();
    h = undefined;
  });

  const start = async (env: Record<string, string>) => (h = await startHarness(backend, env));
  /** The same service restarted: a new instance on the same database, nothing cached, the counters as they stand. */
  const restarted = async () => {
    const app = await buildApp({ config: h!.config, store: h!.store });
    extraApps.push(app);
    return app;
  };
  const from = (app: FastifyInstance, options: InjectOptions) => app.inject({ ...options, remoteAddress: SHARED });
  const listTests = (app: FastifyInstance, apiKey: string) => from(app, { method: 'GET', url: '/v2/org/tests', headers: { 'x-api-key': apiKey } });

  it("a neighbour's wrong API keys do not lock the org's valid key out of their shared address", async () => {
    await start({ ASSAY_RATE_LIMIT_BAD_API_KEY: '20/10m' });
    for (let guess = 0; guess < 25; guess += 1) {
      const answer = await listTests(h!.app, `assay_guess-${guess}-0123456789abcdef0123456789`);
      if (guess < 20) expectFailure(answer, '401.2');
      else expectTooMany(answer);
    }
    const app = await restarted();
    expectSuccess(await listTests(app, h!.org.apiKey));
    expectSuccess(await listTests(h!.app, (await h!.createOrg('Second')).apiKey));
    // The guesses themselves are still refused, from memory and on the fresh instance alike.
    expectTooMany(await listTests(h!.app, 'assay_guess-more-0123456789abcdef0123456789'));
    expectTooMany(await listTests(app, 'assay_guess-again-0123456789abcdef0123456789'));
    expectTooMany(await from(app, { method: 'GET', url: '/v2/org/tests' }));
  });

  it("a neighbour's wrong admin tokens do not lock the operator out of their shared address", async () => {
    await start({ ASSAY_RATE_LIMIT_BAD_ADMIN_TOKEN: '10/10m' });
    const keys = (app: FastifyInstance, token: string) =>
      from(app, { method: 'GET', url: `/admin/orgs/${h!.org.orgId}/keys`, headers: { authorization: `Bearer ${token}` } });
    for (let guess = 0; guess < 12; guess += 1) {
      const answer = await keys(h!.app, `wrong-admin-token-${guess}`);
      if (guess < 10) expectFailure(answer, '401.3');
      else expectTooMany(answer);
    }
    expectSuccess(await keys(h!.app, ADMIN_TOKEN));
    expectSuccess(await keys(await restarted(), ADMIN_TOKEN));
    expectTooMany(await keys(h!.app, 'wrong-admin-token-again'));
  });

  describe('candidates in one exam room', () => {
    const roomOfTwo = async () => {
      const testId = await h!.importTest();
      const [questionId] = await questionIdsOfTest(h!, testId);
      const tokens = [];
      for (const emailId of ['flooder@example.com', 'neighbour@example.com']) {
        const { token } = await registerFor(h!, testId, emailId);
        expectSuccess(await from(h!.app, { method: 'POST', url: `/candidate/v1/${token}/start` }));
        tokens.push(token);
      }
      return { questionId: questionId!, flooder: tokens[0]!, neighbour: tokens[1]! };
    };
    const post = (token: string, path: string, body?: unknown) =>
      from(h!.app, {
        method: 'POST',
        url: `/candidate/v1/${token}${path}`,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
      });

    it("one candidate's event loop does not make another's answers or submit answer 429", async () => {
      await start({ ASSAY_RATE_LIMIT_CANDIDATE_API: '40/1m', ASSAY_RATE_LIMIT_CANDIDATE_TOKEN: '40/1m' });
      const { questionId, flooder, neighbour } = await roomOfTwo();
      const statuses = [];
      for (let event = 0; event < 120; event += 1) {
        statuses.push((await post(flooder, '/events', { type: event % 2 === 0 ? 'left' : 'returned', at: new Date().toISOString() })).statusCode);
      }
      // The flood is held by its own token's budget...
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
      // ...and the neighbour, behind the same address, saves and submits as if it never happened.
      const answer = await from(h!.app, {
        method: 'PUT',
        url: `/candidate/v1/${neighbour}/answers/${questionId}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ optionIds: [0] }),
      });
      expectSuccess(answer);
      expectSuccess(await post(neighbour, '/submit'));
      // A submit has a budget of its own: even the flooder's own events never refuse it.
      expectSuccess(await post(flooder, '/submit'));
    });

    it("a neighbour's unknown take-test tokens do not lock a candidate out of the shared address", async () => {
      await start({ ASSAY_RATE_LIMIT_CANDIDATE_API: '20/1m' });
      const { neighbour } = await roomOfTwo();
      for (let guess = 0; guess < 25; guess += 1) {
        const answer = await from(h!.app, { method: 'GET', url: `/candidate/v1/no-such-token-${guess}-0123456789abcdef` });
        if (guess === 0) expectFailure(answer, '404.7');
        if (guess === 24) expectTooMany(answer);
      }
      expectSuccess(await from(h!.app, { method: 'GET', url: `/candidate/v1/${neighbour}` }));
      expectSuccess(await from(await restarted(), { method: 'GET', url: `/candidate/v1/${neighbour}` }));
      expectSuccess(await post(neighbour, '/submit'));
      expectTooMany(await from(h!.app, { method: 'GET', url: '/candidate/v1/no-such-token-again-0123456789abcdef' }));
    });
  });

  it("a neighbour's forged report links do not lock a valid signed link out of the shared address", async () => {
    await start({ ASSAY_RATE_LIMIT_REPORT_URL: '3/1m' });
    const testId = await h!.importTest();
    const { invitationId, token } = await registerFor(h!, testId, 'reported@example.com');
    expectSuccess(await from(h!.app, { method: 'POST', url: `/candidate/v1/${token}/start` }));
    expectSuccess(await from(h!.app, { method: 'POST', url: `/candidate/v1/${token}/submit` }));
    const completedAt = (await h!.store.invitations.find(h!.org.orgId, invitationId))!.completedAt!;
    const key = await h!.store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey);
    const signed = new URL(signedReportUrl(PUBLIC_URL, key, { invitationId, completedAt }, Date.now()));
    const valid = `${signed.pathname}${signed.search}`;
    const forged = valid.replace(/signature=[^&]+/, 'signature=forged');
    for (let guess = 0; guess < 5; guess += 1) {
      const answer = await from(h!.app, { method: 'GET', url: forged });
      if (guess < 3) expectFailure(answer, '403.14');
      else expectTooMany(answer);
    }
    const pdf = await from(h!.app, { method: 'GET', url: valid });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expectTooMany(await from(h!.app, { method: 'GET', url: forged }));
    // A link that holds has a budget of its own, per report, wherever its holders ask from.
    expect((await h!.app.inject({ method: 'GET', url: valid, remoteAddress: '198.51.100.1' })).statusCode).toBe(200);
    expect((await h!.app.inject({ method: 'GET', url: valid, remoteAddress: '198.51.100.2' })).statusCode).toBe(200);
    expectTooMany(await h!.app.inject({ method: 'GET', url: valid, remoteAddress: '198.51.100.3' }));
  });
});
