import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { openStore } from '@assay/store';
import { buildApp } from '../../src/app.js';
import { tokenOf } from '../helpers/candidate.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { ADMIN_TOKEN, backends, startHarness, type Harness } from '../helpers/test-app.js';

const listTests = (app: FastifyInstance, apiKey: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url: '/v2/org/tests', headers: { 'x-api-key': apiKey }, remoteAddress });

const expectTooMany = (response: LightMyRequestResponse) => {
  expectFailure(response, '429.1');
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * An abusive client in a thread of its own (so its own work does not share the server's event loop):
 * waves of 50 concurrent requests with one key, at least 500 in all, until stopped.
 */
const floodFrom = (url: string, apiKey: string) => {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let flooding = true;
    parentPort.on('message', () => { flooding = false; });
    (async () => {
      const statuses = [];
      while (flooding || statuses.length < 500) {
        const get = () => fetch(workerData.url, { headers: { 'x-api-key': workerData.apiKey } }).then(async (r) => { await r.arrayBuffer(); return r.status; });
        statuses.push(...(await Promise.all(Array.from({ length: 50 }, get))));
        if (statuses.length === 50) parentPort.postMessage({});
      }
      parentPort.postMessage({ statuses });
    })();`,
    { eval: true, workerData: { url, apiKey } },
  );
  const overBudget = new Promise<void>((resolve) => worker.once('message', () => resolve()));
  const stop = () =>
    new Promise<number[]>((resolve, reject) => {
      worker.on('message', (message: { statuses?: number[] }) => {
        if (message.statuses) void worker.terminate().then(() => resolve(message.statuses!));
      });
      worker.once('error', reject);
      worker.postMessage('stop');
    });
  return { overBudget, stop };
};

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe.each(backends)('one abusive API key on %s', (backend) => {
  it("does not slow down another key's requests (over real HTTP)", async () => {
    h = await startHarness(backend, { ASSAY_RATE_LIMIT_ORG_API: '20/1m' });
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const abuser = h.org;
    const victim = await h.createOrg('Victim');
    const hits = vi.spyOn(h.store.rateLimits, 'hit');
    const get = (apiKey: string) => fetch(`${base}/v2/org/tests`, { headers: { 'x-api-key': apiKey } });
    const timedVictimRequest = async () => {
      const started = performance.now();
      const response = await get(victim.apiKey);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      return performance.now() - started;
    };

    const baseline: number[] = [];
    for (let i = 0; i < 5; i += 1) baseline.push(await timedVictimRequest());
    const victimStatements = hits.mock.calls.length;

    const flood = floodFrom(`${base}/v2/org/tests`, abuser.apiKey);
    // Measured once the abuser's own budget is spent: what follows is the flood the limit must absorb.
    await flood.overBudget;
    const during: number[] = [];
    for (let i = 0; i < 10; i += 1) during.push(await timedVictimRequest());
    const statuses = await flood.stop();

    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - 20);
    // The flood costs its budget in counter statements and a few more (coalesced, then answered from memory), not one each.
    const abuserStatements = hits.mock.calls.length - victimStatements - during.length;
    expect(abuserStatements).toBeLessThanOrEqual(20 + 5);
    // Generous bounds: the victim is never stalled behind the flood.
    expect(Math.max(...during)).toBeLessThan(1_000);
    expect(median(during)).toBeLessThan(median(baseline) + 200);
  });
});

describe('two server instances on one PostgreSQL schema', () => {
  it('count every limit together', async () => {
    h = await startHarness('postgres', {
      ASSAY_RATE_LIMIT_ORG_API: '4/1m',
      ASSAY_RATE_LIMIT_BAD_API_KEY: '3/10m',
      ASSAY_RATE_LIMIT_BAD_ADMIN_TOKEN: '2/10m',
      ASSAY_RATE_LIMIT_CANDIDATE_API: '2/1m',
      ASSAY_RATE_LIMIT_CANDIDATE_TOKEN: '2/1m',
    });
    const fresh = await h.createOrg('Fresh');
    const secondStore = await openStore(inject('pgUrl'), { pgSchema: h.store.schema!, pgPoolSize: 2 });
    const second = await buildApp({ config: h.config, store: secondStore });
    try {
      const instances = [h.app, second];
      for (let i = 0; i < 4; i += 1) expectSuccess(await listTests(instances[i % 2]!, h.org.apiKey));
      expectTooMany(await listTests(h.app, h.org.apiKey));
      expectTooMany(await listTests(second, h.org.apiKey));

      const badKey = (app: FastifyInstance) => listTests(app, 'assay_not-a-real-key-0123456789', '203.0.113.60');
      expectFailure(await badKey(h.app), '401.2');
      expectFailure(await badKey(second), '401.2');
      expectFailure(await badKey(h.app), '401.2');
      expectTooMany(await badKey(second));
      // An instance that never saw this address fail refuses its next guess too, and accepts a right key from it.
      const otherInstanceFirst = await buildApp({ config: h.config, store: secondStore });
      try {
        expectTooMany(await listTests(otherInstanceFirst, 'assay_another-guess-0123456789', '203.0.113.60'));
        expectSuccess(await listTests(otherInstanceFirst, fresh.apiKey, '203.0.113.60'));
      } finally {
        await otherInstanceFirst.close();
      }

      const admin = (app: FastifyInstance, token: string) =>
        app.inject({ method: 'GET', url: `/admin/orgs/${fresh.orgId}/keys`, headers: { authorization: `Bearer ${token}` }, remoteAddress: '203.0.113.62' });
      expectFailure(await admin(h.app, 'wrong-1'), '401.3');
      expectFailure(await admin(h.app, 'wrong-2'), '401.3');
      expectTooMany(await admin(h.app, 'wrong-3'));
      expectTooMany(await admin(second, 'wrong-4'));
      expectSuccess(await admin(second, ADMIN_TOKEN));

      const session = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/candidate/v1/no-such-token-0123456789', remoteAddress: '203.0.113.61' });
      expectFailure(await session(second), '404.7');
      expectFailure(await session(h.app), '404.7');
      expectTooMany(await session(second));

      // An attempt's budget, and its submit's own, hold across instances too.
      const testId = await h.importTest(undefined, fresh.apiKey);
      const invited = await h.clientFor(fresh.apiKey).invitations.register(testId, { emailId: 'shared@example.com', fullName: 'Ada Lovelace' });
      const token = tokenOf(invited.takeTestURL);
      const attempt = (app: FastifyInstance, path = '') => app.inject({ method: 'POST', url: `/candidate/v1/${token}${path}`, remoteAddress: '203.0.113.61' });
      expectSuccess(await attempt(h.app, '/start'));
      expectSuccess(await second.inject({ method: 'GET', url: `/candidate/v1/${token}`, remoteAddress: '203.0.113.61' }));
      expectTooMany(await h.app.inject({ method: 'GET', url: `/candidate/v1/${token}`, remoteAddress: '203.0.113.63' }));
      expectSuccess(await attempt(second, '/submit'));
    } finally {
      await second.close();
      await secondStore.close();
    }
  });
});
