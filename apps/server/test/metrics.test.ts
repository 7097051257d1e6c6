import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheusText, prometheusNamingProblems, samplesOf, metricValue } from '@assay/testing';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';

const TOKEN = 'Zq8vT2kLm9pXr4sWn6yBc1dE-metrics';

/** Issue 51 item 6: a server's /metrics, only with ASSAY_METRICS_TOKEN (decision 868), scraped while it serves. */
describe.each(backends)('/metrics of a server on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { ASSAY_METRICS_TOKEN: TOKEN, ASSAY_RATE_LIMIT_BAD_API_KEY: '3/1m' });
  });
  afterAll(() => h.close());

  const scrape = async () => {
    const answer = await h.request({ method: 'GET', url: '/metrics', apiKey: null, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
    return { text: answer.body, samples: parsePrometheusText(answer.body) };
  };

  it('refuses a missing or wrong token with 401.4, showing nothing', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${h.org.apiKey}` },
      { 'x-api-key': h.org.apiKey },
    ];
    for (const headers of attempts) {
      const answer = await h.request({ method: 'GET', url: '/metrics', apiKey: null, headers });
      expect(answer.statusCode).toBe(401);
      expect(envelope(answer).statuscode).toBe('401.4');
      expect(answer.body).not.toMatch(/assay_/);
    }
  });

  it('counts requests by route pattern and status class, with latency histograms, during load', async () => {
    const before = (await scrape()).samples;
    const route = { method: 'GET', route: '/v2/org/tests/:testId', status_class: '4xx' };
    const count = (samples: typeof before) => metricValue(samples, 'assay_http_request_duration_seconds_count', route) ?? 0;
    // Scrapes interleaved with a burst of requests: each answers whole and parses.
    const burst = Array.from({ length: 40 }, (_, index) => h.request({ method: 'GET', url: `/v2/org/tests/${900_000 + index}` }));
    const scrapes = Array.from({ length: 4 }, () => scrape());
    const answers = await Promise.all(burst);
    await Promise.all(scrapes);
    expect(answers.every((answer) => envelope(answer).statuscode === '404.2')).toBe(true);
    await h.request({ method: 'GET', url: '/v2/org/tests' });
    await h.request({ method: 'GET', url: '/no/such/route' });

    const { text, samples } = await scrape();
    expect(count(samples) - count(before)).toBe(40);
    expect(metricValue(samples, 'assay_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(count(samples));
    expect(metricValue(samples, 'assay_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(metricValue(samples, 'assay_http_request_duration_seconds_count', { route: '/v2/org/tests', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(samples, 'assay_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    // Route patterns only: no id, path or key ever becomes a label.
    // (Label sets only: a value such as a heap size may well contain "9000" and a couple of digits.)
    const labelSets = text.match(/\{[^}]*\}/g) ?? [];
    expect(labelSets.length).toBeGreaterThan(0);
    expect(labelSets.filter((labels) => /9000\d\d|no\/such|x-api-key/.test(labels))).toEqual([]);
    expect(samplesOf(samples, 'assay_http_request_duration_seconds_count').every((sample) => sample.labels.role === 'server')).toBe(true);
    // Prometheus's naming rules hold for every metric the server serves (issue 59 item 9, decisions 1144 and 1145).
    expect(prometheusNamingProblems(text)).toEqual([]);
  });

  it('counts refusals by statuscode', async () => {
    const refused = async () => metricValue((await scrape()).samples, 'assay_http_refusals_total', { statuscode: '429.1' }) ?? 0;
    const before = await refused();
    // Wrong API keys past the address's budget (3 a minute) answer 429.1.
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.request({ method: 'GET', url: '/v2/org/tests', apiKey: 'ak_wrong' })));
    const tooMany = answers.filter((answer) => answer.statusCode === 429).length;
    expect(tooMany).toBeGreaterThan(0);
    expect((await refused()) - before).toBe(tooMany);
  });

  it('shows the outbox depth per job kind as jobs are queued, and the export queue', async () => {
    const pending = async () => metricValue((await scrape()).samples, 'assay_outbox_pending_jobs', { kind: 'callback' }) ?? 0;
    const before = await pending();
    for (let index = 0; index < 3; index += 1) {
      await h.store.jobs.add(
        { orgId: h.org.orgId, invitationId: null, kind: 'callback', target: 'https://receiver.example/hook', payload: '{}' },
        Date.now() - 1000,
      );
    }
    const { samples } = await scrape();
    expect((metricValue(samples, 'assay_outbox_pending_jobs', { kind: 'callback' }) ?? 0) - before).toBe(3);
    expect(metricValue(samples, 'assay_outbox_oldest_due_age_seconds', { kind: 'callback' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(samples, 'assay_export_queue_pending')).toBe(0);
    // ASSAY_EXPORT_QUEUE waiting, plus at least one rendering thread.
    expect(metricValue(samples, 'assay_export_queue_capacity')).toBeGreaterThan(h.config.exportQueue);
  });
});

describe('/metrics with and without ASSAY_METRICS_TOKEN', () => {
  let without: Harness;
  let withToken: Harness;
  beforeAll(async () => {
    without = await startHarness('sqlite');
    withToken = await startHarness('sqlite', { ASSAY_METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await without.close();
    await withToken.close();
  });

  it('is no route at all without the token (404.1, like any unknown path), and the metrics with it', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}` }];
    for (const headers of attempts) {
      const answer = await without.request({ method: 'GET', url: '/metrics', apiKey: null, headers });
      expect(answer.statusCode).toBe(404);
      expect(envelope(answer).statuscode).toBe('404.1');
    }
    const answer = await withToken.request({ method: 'GET', url: '/metrics', apiKey: null, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatch(/^# HELP /m);
  });
});
