import Fastify from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore } from '@assay/store';
import { registerErrorEnvelope } from '../plugins/error-envelope.js';
import { indexRoutes } from '../plugins/method-not-allowed.js';
import { routeLimitHook } from './route-limit.js';
import { WindowCounter } from './window-counter.js';

const LIMIT = { max: 2, windowMs: 60_000 };

/** A route behind one limit, counted in `counter`, with the app's error envelope. */
const appLimitedBy = async (counter: WindowCounter) => {
  const app = Fastify();
  registerErrorEnvelope(app, indexRoutes(app));
  app.get('/limited', { onRequest: routeLimitHook(counter, LIMIT, () => 'one-key') }, async () => ({ ok: true }));
  await app.ready();
  return app;
};

describe('a route limit', () => {
  const disposers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const dispose of disposers) await dispose();
  });

  it.each(['sqlite', 'postgres'] as const)('counts on %s: RateLimit headers while under the limit, then 429.1 with Retry-After', async (backend) => {
    const { store, dispose } = await openScratchStore(backend, inject('pgUrl'));
    disposers.push(dispose);
    const app = await appLimitedBy(new WindowCounter(store.rateLimits, Date.now));
    const answers = [];
    for (let request = 0; request < 3; request++) answers.push(await app.inject({ method: 'GET', url: '/limited' }));
    expect(answers.map((answer) => [answer.statusCode, answer.headers['ratelimit-limit'], answer.headers['ratelimit-remaining']])).toEqual([
      [200, '2', '1'],
      [200, '2', '0'],
      [429, '2', '0'],
    ]);
    expect(Number(answers[0]!.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(59);
    expect(JSON.parse(answers[2]!.body)).toMatchObject({ statuscode: '429.1' });
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await app.close();
  });

  it('lets requests through when the shared counters cannot be reached', async () => {
    const { store, dispose } = await openScratchStore('postgres', inject('pgUrl'));
    const app = await appLimitedBy(new WindowCounter(store.rateLimits, Date.now));
    await dispose();
    const answer = await app.inject({ method: 'GET', url: '/limited' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['ratelimit-limit']).toBeUndefined();
    await app.close();
  });
});
