import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobKind } from '@assay/domain';
import { Sandbox } from '@assay/sandbox';
import { openScratchStore, type Store } from '@assay/store';
import { prometheusNamingProblems, silentLog } from '@assay/testing';
import { type JobHandler, OutboxWorker } from '../outbox-worker.js';
import { ProcessMetrics } from './process-metrics.js';
import { recordRetentionSweep } from './retention-counts.js';

const NOW = Date.UTC(2026, 10, 27, 9);

/**
 * Every metric a process serves, each family with samples, checked against Prometheus's naming rules (issue 59 item 9,
 * decisions 1144 and 1145): units, `_total`, label values without spaces, no generated ids as labels.
 */
describe("Prometheus's naming rules", () => {
  let store: Store;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore('sqlite'));
  });
  afterAll(() => dispose());

  it('hold for every metric of a process whose worker, sandbox, exports, requests and sweeps all have something to say', async () => {
    const orgId = (await store.orgs.create({ name: 'Naming', email: 'naming@example.com', timeZoneId: 1 }, NOW)).id;
    await store.jobs.add({ orgId, invitationId: null, kind: 'callback', target: 'https://receiver.example/hook', payload: '{}' }, NOW);
    const done: JobHandler = async () => ({ kind: 'done' });
    const handlers = Object.fromEntries(
      (['callback', 'score', 'email', 'link_email', 'greenhouse_patch', 'bulk_invite', 'reminder', 'reminder_expired'] as JobKind[]).map((kind) => [
        kind,
        done,
      ]),
    ) as Record<JobKind, JobHandler>;
    // No workerId given: the generated one must not become a label.
    const worker = new OutboxWorker({ store, handlers, retryDelay: () => 60_000, now: () => NOW, log: silentLog });
    const sandbox = new Sandbox({ workers: 1, languages: ['javascript'] });
    try {
      const metrics = new ProcessMetrics({ store, role: 'server', now: () => NOW });
      metrics.watchWorker(worker);
      metrics.watchSandbox(sandbox);
      metrics.watchExports(() => ({ pending: 1, capacity: 4 }));
      await worker.drain();
      await sandbox.run({ language: 'javascript', code: 'function f(a) { return a; }', functionName: 'f', cases: [{ args: [1], expected: 1 }] });
      metrics.observeRequest('GET', '/v2/org/tests/:testId', 404, 0.002);
      metrics.countRefusal('503.4');
      recordRetentionSweep({ erasedEnded: 1, erasedUnstarted: 1, mediaPurged: 1, snapshots: 2, playback: 1 }, NOW);

      const text = await metrics.text();
      expect(text).toMatch(/^assay_scoring_backlog_attempts\{report_status="in_progress",role="server"\} 0$/m);
      expect(text).toMatch(/^assay_worker_last_pass_timestamp_seconds\{worker="0",role="server"\} \d/m);
      expect(prometheusNamingProblems(text)).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });

  it('are read strictly enough to catch each way this registry once broke them', () => {
    const broken = [
      '# HELP assay_retention_erased_total What was erased.',
      '# TYPE assay_retention_erased_total counter',
      'assay_retention_erased_total{kind="ended_invitations"} 1',
      '# HELP assay_scoring_backlog_attempts Unscored.',
      '# TYPE assay_scoring_backlog_attempts gauge',
      'assay_scoring_backlog_attempts{report_status="In progress"} 2',
      '# HELP assay_worker_last_pass_timestamp_seconds Last pass.',
      '# TYPE assay_worker_last_pass_timestamp_seconds gauge',
      'assay_worker_last_pass_timestamp_seconds{worker="worker-5f0c2a9e-8d1b-4c3e-9f00-1a2b3c4d5e6f"} 1',
      '# HELP assay_sweep_ms Milliseconds.',
      '# TYPE assay_sweep_ms gauge',
      'assay_sweep_ms 5',
      '# HELP assay_jobs Jobs run.',
      '# TYPE assay_jobs counter',
      'assay_jobs 5',
      '# HELP assay_wait_bytes_seconds Two units.',
      '# TYPE assay_wait_bytes_seconds histogram',
      'assay_wait_bytes_seconds_count 1',
    ].join('\n');
    expect(prometheusNamingProblems(broken)).toEqual([
      'assay_scoring_backlog_attempts: label report_status has the value "In progress" (empty or with whitespace)',
      'assay_worker_last_pass_timestamp_seconds: label worker holds a generated id "worker-5f0c2a9e-8d1b-4c3e-9f00-1a2b3c4d5e6f" (unbounded)',
      'assay_sweep_ms: a unit that is not a base unit (seconds, bytes)',
      'assay_jobs: a counter whose name does not end in _total',
      'assay_wait_bytes_seconds: more than one unit in one name',
    ]);
  });
});
