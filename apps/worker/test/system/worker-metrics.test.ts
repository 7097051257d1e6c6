import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStore } from '@assay/store';
import {
  diagnostics,
  freePort,
  killAll,
  metricValue,
  parsePrometheusText,
  prometheusNamingProblems,
  samplesOf,
  scratchDatabase,
  startReceiver,
  startWorker,
  waitUntil,
} from '@assay/testing';
import { buildIfStale } from '../../../../scripts/build-if-stale.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

const TOKEN = 'Zq8vT2kLm9pXr4sWn6yBc1dE-metrics';

beforeAll(() => {
  const built = buildIfStale('@assay/worker');
  if (built.length > 0) console.warn(`worker-metrics.test: built ${built.join(', ')} first`);
}, 180_000);

/**
 * Issue 51 item 6: an assay-worker process serves /metrics on ASSAY_WORKER_METRICS_PORT with ASSAY_METRICS_TOKEN
 * (decision 868): its liveness (last pass), the jobs it ran, and the outbox as the database has it.
 */
describe.each(['sqlite', 'postgres'] as const)("a worker process's /metrics on %s", (backend) => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-worker-metrics-'));

  beforeAll(async () => {
    database = await scratchDatabase(backend, 'workermetrics', inject('pgUrl'));
    receiver = await startReceiver();
    const store = await openStore(database.url);
    try {
      const orgId = (await store.orgs.create({ name: 'Acme', email: 'acme@example.com', timeZoneId: 1000 }, Date.now())).id;
      await store.jobs.add({ orgId, invitationId: null, kind: 'callback', target: receiver.url, payload: '{"TestInvitationId":7}' }, Date.now());
    } finally {
      await store.close();
    }
  });
  afterAll(async () => {
    await killAll();
    await receiver.close();
    await database.dispose();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('answers the scrape with the token: its last pass, the jobs it ran, the live workers and the outbox', async () => {
    const port = await freePort();
    const worker = await startWorker(`metrics-${backend}`, database.url, 'https://assay.test', {
      ASSAY_OUTBOX_DIR: outboxDir,
      ASSAY_METRICS_TOKEN: TOKEN,
      ASSAY_WORKER_METRICS_PORT: String(port),
      ASSAY_WORKER_POLL_MS: '100',
    });
    expect(await waitUntil(() => /metrics served at/.test(worker.output()), 10_000), worker.output()).toBe(true);
    const url = `http://127.0.0.1:${port}/metrics`;
    expect(await waitUntil(() => receiver.received.length > 0, 30_000), diagnostics()).toBe(true);

    expect((await fetch(url)).status).toBe(401);
    const scrape = async () => parsePrometheusText(await (await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).text());
    // The delivery is recorded just after the receiver answered it.
    let samples = await scrape();
    expect(
      await waitUntil(async () => {
        samples = await scrape();
        return metricValue(samples, 'assay_worker_jobs_total', { kind: 'callback', outcome: 'done' }) === 1;
      }, 10_000),
    ).toBe(true);
    expect(metricValue(samples, 'assay_worker_last_pass_timestamp_seconds', { role: 'worker' })).toBeGreaterThan(Date.now() / 1000 - 60);
    // Bounded labels (decision 1145): the worker's place in its process, never its id (given or generated).
    expect(samplesOf(samples, 'assay_worker_last_pass_timestamp_seconds')[0]?.labels).toEqual({ worker: '0', role: 'worker' });
    expect(metricValue(samples, 'assay_outbox_pending_jobs', { kind: 'callback' })).toBe(0);
    expect(metricValue(samples, 'assay_worker_processes')).toBe(1);
    expect(metricValue(samples, 'assay_metrics_database_up')).toBe(1);
    expect(metricValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // Prometheus's naming rules hold for everything a real worker serves (issue 59 item 9).
    expect(prometheusNamingProblems(await (await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).text())).toEqual([]);

    await worker.stop('SIGTERM');
    expect(await worker.exited, worker.output()).toEqual({ code: 0, signal: null });
  });

  it('refuses to start with a metrics port but no token, naming both settings', async () => {
    const worker = startWorker(`no-token-${backend}`, database.url, 'https://assay.test', { ASSAY_WORKER_METRICS_PORT: String(await freePort()) });
    await expect(worker).rejects.toThrow(/exited early[\s\S]*ASSAY_WORKER_METRICS_PORT: needs ASSAY_METRICS_TOKEN/);
  });
});
