import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JobKind } from '@assay/domain';
import { openScratchStore, type Store } from '@assay/store';
import { startPgProxy } from '../../store/test/pg-proxy.js';
import { type JobHandler, type Logger, OutboxWorker } from './outbox-worker.js';

const NOW = Date.UTC(2026, 11, 1, 9);

/**
 * Issue 51, item 8: PostgreSQL restarts while a live worker runs a job (its connections dropped, new ones refused for a
 * moment). Before, the job stayed leased to that worker for the whole lease (two minutes); now the worker records how
 * the job ended as soon as the database answers again, and the lease is given back.
 */
describe('a live worker across a PostgreSQL restart', () => {
  let proxy: Awaited<ReturnType<typeof startPgProxy>>;
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    proxy = await startPgProxy(inject('pgUrl'));
    ({ store, dispose } = await openScratchStore('postgres', proxy.url, { busyTimeoutMs: 200 }));
  });
  afterAll(async () => {
    await proxy.start();
    await dispose();
    await proxy.close();
  });

  it('gives back the lease of a job that ended while the database was away, once it is back', async () => {
    const org = await store.orgs.create({ name: 'Restart', email: 'restart@example.com', timeZoneId: 1 }, NOW);
    const job = await store.jobs.add({ orgId: org.id, invitationId: null, kind: 'callback', target: 'https://restart.example/hook', payload: '{}' }, NOW);
    let unrecorded!: () => void;
    const couldNotRecord = new Promise<void>((resolve) => (unrecorded = resolve));
    const log: Logger = {
      info: () => {},
      error: () => {},
      warn: (_object, message) => message?.startsWith('could not record how a job ended') && unrecorded(),
    };
    const unused: JobHandler = async () => ({ kind: 'dead', error: 'not in this test' });
    // The callback was delivered; then PostgreSQL goes away before the worker writes that down.
    const callback: JobHandler = async () => {
      await proxy.stop();
      return { kind: 'done' };
    };
    const handlers = { ...Object.fromEntries(JobKind.options.map((kind) => [kind, unused])), callback } as Record<JobKind, JobHandler>;
    // The clock stands still: the lease never runs out by itself here.
    const worker = new OutboxWorker({ store, handlers, retryDelay: () => 60_000, now: () => NOW, log, pollMs: 50, workerId: 'restarted' });
    worker.start();
    try {
      await couldNotRecord;
      await proxy.start();
      const deadline = Date.now() + 10_000;
      while ((await store.jobs.find(job.id).catch(() => undefined))?.status !== 'delivered' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await store.jobs.find(job.id)).toMatchObject({ status: 'delivered', leaseOwner: null, attempts: 1 });
    } finally {
      await worker.stop();
    }
  });
});
