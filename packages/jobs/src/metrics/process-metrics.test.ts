import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { JobKind } from '@assay/domain';
import { Sandbox } from '@assay/sandbox';
import { openScratchStore, type Store } from '@assay/store';
import { parsePrometheusText, silentLog, metricValue } from '@assay/testing';
import { type JobHandler, OutboxWorker } from '../outbox-worker.js';
import { ProcessMetrics } from './process-metrics.js';
import { recordRetentionSweep } from './retention-counts.js';

const NOW = Date.UTC(2026, 10, 27, 9);

const scrape = async (metrics: ProcessMetrics) => parsePrometheusText(await metrics.text());

describe.each(['sqlite', 'postgres'] as const)('the metrics a scrape reads from the database on %s (issue 51 item 6)', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Metrics', email: 'metrics@example.com', timeZoneId: 1 }, NOW)).id;
  });
  afterAll(() => dispose());

  const callback = (at: number) => store.jobs.add({ orgId, invitationId: null, kind: 'callback', target: 'https://receiver.example/hook', payload: '{}' }, at);

  it('says how many jobs of each kind wait, how many are due and how long the oldest has been due', async () => {
    await callback(NOW - 90_000);
    await callback(NOW - 30_000);
    // Waiting out a retry: pending, not due.
    await store.jobs.add({ orgId, invitationId: null, kind: 'email', target: 'someone@example.com' }, NOW + 60_000);
    const samples = await scrape(new ProcessMetrics({ store, role: 'worker', now: () => NOW }));

    expect(metricValue(samples, 'assay_outbox_pending_jobs', { kind: 'callback', role: 'worker' })).toBe(2);
    expect(metricValue(samples, 'assay_outbox_due_jobs', { kind: 'callback' })).toBe(2);
    expect(metricValue(samples, 'assay_outbox_oldest_due_age_seconds', { kind: 'callback' })).toBe(90);
    expect(metricValue(samples, 'assay_outbox_pending_jobs', { kind: 'email' })).toBe(1);
    expect(metricValue(samples, 'assay_outbox_due_jobs', { kind: 'email' })).toBe(0);
    expect(metricValue(samples, 'assay_outbox_oldest_due_age_seconds', { kind: 'email' })).toBe(0);
    // Every kind has its series, 0 when it has no job, so an alert never meets a missing series.
    expect(metricValue(samples, 'assay_outbox_pending_jobs', { kind: 'score' })).toBe(0);
    expect(metricValue(samples, 'assay_metrics_database_up')).toBe(1);
    expect(metricValue(samples, 'assay_scoring_backlog_attempts', { report_status: 'pending' })).toBe(0);
    expect(metricValue(samples, 'assay_scoring_backlog_attempts', { report_status: 'in_progress' })).toBe(0);
    // Default process metrics are there too (CPU counted since the registry began: it may still be 0 at a first scrape).
    expect(metricValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(metricValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
  });

  it('counts what its outbox worker ran and when it last passed; dead jobs stay counted in the outbox', async () => {
    const outcomes: Record<string, JobHandler> = {
      callback: async (job) => (job.target.includes('dead') ? { kind: 'dead', error: 'receiver said 410' } : { kind: 'done' }),
    };
    const unused: JobHandler = async () => ({ kind: 'dead', error: 'not in this test' });
    const handlers = Object.fromEntries(
      (['callback', 'score', 'email', 'link_email', 'greenhouse_patch', 'bulk_invite', 'reminder', 'reminder_expired'] as JobKind[]).map((kind) => [
        kind,
        outcomes[kind] ?? unused,
      ]),
    ) as Record<JobKind, JobHandler>;
    await store.jobs.add({ orgId, invitationId: null, kind: 'callback', target: 'https://dead.example/hook', payload: '{}' }, NOW - 10_000);
    const worker = new OutboxWorker({ store, handlers, retryDelay: () => 60_000, now: () => NOW, log: silentLog, workerId: 'metrics-test' });
    const metrics = new ProcessMetrics({ store, role: 'worker', now: () => NOW });
    metrics.watchWorker(worker);
    expect(metricValue(await scrape(metrics), 'assay_worker_last_pass_timestamp_seconds')).toBeUndefined();

    await worker.drain();
    const samples = await scrape(metrics);
    expect(metricValue(samples, 'assay_worker_jobs_total', { kind: 'callback', outcome: 'done' })).toBe(2);
    expect(metricValue(samples, 'assay_worker_jobs_total', { kind: 'callback', outcome: 'dead' })).toBe(1);
    expect(metricValue(samples, 'assay_worker_last_pass_timestamp_seconds')).toBe(NOW / 1000);
    expect(metricValue(samples, 'assay_outbox_pending_jobs', { kind: 'callback' })).toBe(0);
    expect(metricValue(samples, 'assay_outbox_dead_jobs', { kind: 'callback' })).toBe(1);
  });

  it('counts the live processes that score each language, and the languages pending scoring waits for', async () => {
    await store.sandboxWorkers.declare(['javascript', 'python'], NOW);
    await store.jobs.add({ orgId, invitationId: null, kind: 'score', target: 'report', languages: ['java'] }, NOW);
    const samples = await scrape(new ProcessMetrics({ store, role: 'server', now: () => NOW }));
    expect(metricValue(samples, 'assay_worker_processes')).toBe(1);
    expect(metricValue(samples, 'assay_worker_language_processes', { language: 'python' })).toBe(1);
    expect(metricValue(samples, 'assay_worker_language_processes', { language: 'java' })).toBe(0);
    expect(metricValue(samples, 'assay_scoring_unserved_language', { language: 'java' })).toBe(1);
    expect(metricValue(samples, 'assay_scoring_unserved_language', { language: 'python' })).toBe(0);
    expect(metricValue(samples, 'assay_outbox_pending_jobs', { kind: 'score' })).toBe(1);
  });
});

describe('the metrics of one process', () => {
  let store: Store;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore('sqlite'));
  });
  afterAll(() => dispose());

  it('adds up what retention sweeps erased, one metric per unit, leaving out counts that are not whole numbers ≥ 0', async () => {
    const metrics = new ProcessMetrics({ store, role: 'worker', now: () => NOW });
    const before = await scrape(metrics);
    const grew = (after: typeof before, name: string, labels: Record<string, string> = {}) =>
      (metricValue(after, name, labels) ?? 0) - (metricValue(before, name, labels) ?? 0);
    recordRetentionSweep({ erasedEnded: 3, erasedUnstarted: 2, mediaPurged: 1, snapshots: 12, playback: 4 }, NOW);
    recordRetentionSweep({ erasedEnded: 1, erasedUnstarted: 0.5, mediaPurged: 0, snapshots: -4, playback: 0 }, NOW + 1000);
    const after = await scrape(metrics);
    expect(grew(after, 'assay_retention_erased_invitations_total', { reason: 'ended' })).toBe(4);
    expect(grew(after, 'assay_retention_erased_invitations_total', { reason: 'unstarted' })).toBe(2);
    expect(grew(after, 'assay_retention_media_purged_attempts_total')).toBe(1);
    expect(grew(after, 'assay_retention_deleted_snapshots_total')).toBe(12);
    expect(grew(after, 'assay_retention_deleted_code_histories_total')).toBe(4);
    // The metric that added invitations, attempts and snapshots up under one name is gone (decision 1144).
    expect(metricValue(after, 'assay_retention_erased_total')).toBeUndefined();
    expect(grew(after, 'assay_retention_sweeps_total')).toBe(2);
    expect(metricValue(after, 'assay_retention_last_sweep_timestamp_seconds')).toBe((NOW + 1000) / 1000);
  });

  it("shows its sandbox's queue by language and lane, and how long each run waited", async () => {
    const sandbox = new Sandbox({ workers: 1, languages: ['javascript'] });
    try {
      const metrics = new ProcessMetrics({ store, role: 'server' });
      metrics.watchSandbox(sandbox);
      const request = { language: 'javascript' as const, code: 'function f(a) { return a + 1; }', functionName: 'f', cases: [{ args: [1], expected: 2 }] };
      // The one worker is still starting: all three runs wait in the queue.
      const runs = [sandbox.run(request), sandbox.run(request), sandbox.run(request, { lane: 'scoring' })];
      for (const run of runs) run.catch(() => {});
      const waiting = await scrape(metrics);
      expect(metricValue(waiting, 'assay_sandbox_queue_depth', { language: 'javascript', lane: 'candidate' })).toBe(2);
      expect(metricValue(waiting, 'assay_sandbox_queue_depth', { language: 'javascript', lane: 'scoring' })).toBe(1);
      await Promise.all(runs);
      const done = await scrape(metrics);
      expect(metricValue(done, 'assay_sandbox_queue_depth')).toBeUndefined();
      expect(metricValue(done, 'assay_sandbox_queue_wait_seconds_count', { language: 'javascript', lane: 'candidate' })).toBe(2);
      expect(metricValue(done, 'assay_sandbox_queue_wait_seconds_count', { language: 'javascript', lane: 'scoring' })).toBe(1);
      expect(metricValue(done, 'assay_sandbox_queue_wait_seconds_sum', { language: 'javascript' })).toBeGreaterThan(0);
    } finally {
      await sandbox.close();
    }
  });

  it('still answers, saying so, when the database does not', async () => {
    const { store: gone, dispose: drop } = await openScratchStore('sqlite');
    const metrics = new ProcessMetrics({ store: gone, role: 'worker' });
    await gone.close();
    const samples = await scrape(metrics);
    expect(metricValue(samples, 'assay_metrics_database_up')).toBe(0);
    expect(metricValue(samples, 'assay_outbox_pending_jobs')).toBeUndefined();
    expect(metricValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    await drop().catch(() => {});
  });
});
