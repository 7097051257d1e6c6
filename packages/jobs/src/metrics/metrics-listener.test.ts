import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchStore, type Store } from '@assay/store';
import { parsePrometheusText, metricValue } from '@assay/testing';
import { serveMetrics, type MetricsListener } from './metrics-listener.js';
import { ProcessMetrics } from './process-metrics.js';

const TOKEN = 'Zq8vT2kLm9pXr4sWn6yBc1dE-metrics';

/** An assay-worker's /metrics listener (decision 868): the text format with the token, the envelope without. */
describe("a worker's metrics listener", () => {
  let store: Store;
  let dispose: () => Promise<void>;
  let listener: MetricsListener;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore('sqlite'));
    listener = await serveMetrics(new ProcessMetrics({ store, role: 'worker' }), { token: TOKEN, host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await listener.close();
    await dispose();
  });

  const get = (path: string, authorization?: string, method = 'GET') =>
    fetch(new URL(path, listener.url), { method, headers: authorization === undefined ? {} : { authorization } });

  it('answers GET /metrics with the right bearer token in the Prometheus text format', async () => {
    const answer = await get('/metrics', `Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parsePrometheusText(await answer.text());
    expect(metricValue(samples, 'assay_metrics_database_up', { role: 'worker' })).toBe(1);
    expect(metricValue(samples, 'assay_outbox_pending_jobs', { kind: 'callback' })).toBe(0);
  });

  it('refuses a missing or wrong token with 401.4, and shows nothing', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, `Bearer ${TOKEN} extra`, TOKEN]) {
      const answer = await get('/metrics', authorization);
      expect(answer.status).toBe(401);
      const body = await answer.text();
      expect(JSON.parse(body)).toMatchObject({ statuscode: '401.4' });
      expect(body).not.toMatch(/assay_/);
    }
  });

  it('serves nothing else', async () => {
    expect(await (await get('/', `Bearer ${TOKEN}`)).json()).toMatchObject({ statuscode: '404.1' });
    expect((await get('/metrics', `Bearer ${TOKEN}`, 'POST')).status).toBe(405);
  });
});
