import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobKind } from '@assay/domain';
import { openStore, type Store } from '@assay/store';
import { holdSqliteLock } from '../../store/test/sqlite-lock-holder.js';
import { DATABASE_RETRY_MS, type JobHandler, type Logger, OutboxWorker } from './outbox-worker.js';

const NOW = Date.UTC(2026, 11, 1, 9);
const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Issue 27, item 9: a database another process holds for a while (a backup, a shell, a migration) is an outage the
 * outbox waits out: the job it interrupted comes back later, and the outage costs it none of its attempts, so a long one
 * never ends a job as dead.
 */
describe('the outbox worker when the database is unavailable', () => {
  let dir: string;
  let file: string;
  let store: Store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'assay-outbox-locked-'));
    file = join(dir, 'assay.db');
    store = await openStore(`sqlite:${file}`, { busyTimeoutMs: 100 });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const workerWith = (callback: JobHandler) => {
    const unused: JobHandler = async () => ({ kind: 'dead', error: 'not in this test' });
    const handlers: Record<JobKind, JobHandler> = {
      callback,
      score: unused,
      email: unused,
      link_email: unused,
      greenhouse_patch: unused,
      bulk_invite: unused,
      reminder: unused,
      reminder_expired: unused,
      decision_email: unused,
    };
    return new OutboxWorker({ store, handlers, retryDelay: () => 60_000, now: () => NOW, log: silent, workerId: 'locked-out' });
  };
  const queued = async (target: string) => {
    const org = await store.orgs.create({ name: target, email: `${target}@example.com`, timeZoneId: 1 }, NOW);
    return store.jobs.add({ orgId: org.id, invitationId: null, kind: 'callback', target: `https://${target}.example/hook`, payload: '{}' }, NOW);
  };

  it('tries a job again later, with no attempt counted, when another process held the database', async () => {
    const job = await queued('locked');
    // The delivery happened; writing it down meets the lock, which goes away right after.
    const worker = workerWith(async (leased) => {
      const lock = await holdSqliteLock(file);
      try {
        await store.jobs.recordDelivery(leased.id, { attemptedAt: NOW, outcome: 'delivered', statusCode: 200, latencyMs: 1, error: null });
      } finally {
        await lock.release();
      }
      return { kind: 'done' };
    });
    expect(await worker.runOnce()).toBe(1);
    const after = await store.jobs.find(job.id);
    expect(after).toMatchObject({ status: 'pending', attempts: 0, runAt: NOW + DATABASE_RETRY_MS, leaseOwner: null });
    expect(after?.lastError).toMatch(/database was unavailable/);
  });

  it('still counts a failure of the job itself as an attempt', async () => {
    const job = await queued('failing');
    await workerWith(async () => {
      throw new Error('the receiver broke');
    }).runOnce();
    expect(await store.jobs.find(job.id)).toMatchObject({ status: 'pending', attempts: 1, runAt: NOW + 60_000, lastError: 'the receiver broke' });
  });

  it('gives back a lease when the database returns, instead of holding the job until the lease ends', async () => {
    const job = await queued('returning');
    let lock: { release: () => Promise<void> } | undefined;
    let unrecorded!: () => void;
    const couldNotRecord = new Promise<void>((resolve) => (unrecorded = resolve));
    const log: Logger = { ...silent, warn: (_object, message) => message?.startsWith('could not record how a job ended') && unrecorded() };
    const unused: JobHandler = async () => ({ kind: 'dead', error: 'not in this test' });
    // The delivery happened; then the database goes away (another process holds it) before the worker writes that down.
    const callback: JobHandler = async () => {
      lock = await holdSqliteLock(file);
      return { kind: 'done' };
    };
    const handlers = { ...Object.fromEntries(JobKind.options.map((kind) => [kind, unused])), callback } as Record<JobKind, JobHandler>;
    // The clock stands still: the lease (2 minutes) never runs out by itself here.
    const worker = new OutboxWorker({ store, handlers, retryDelay: () => 60_000, now: () => NOW, log, pollMs: 20, workerId: 'returning' });
    worker.start();
    try {
      await couldNotRecord;
      expect(await store.jobs.find(job.id)).toMatchObject({ status: 'pending', leaseOwner: 'returning' });
      await lock!.release();
      const deadline = Date.now() + 10_000;
      while ((await store.jobs.find(job.id))?.status !== 'delivered' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await store.jobs.find(job.id)).toMatchObject({ status: 'delivered', leaseOwner: null, attempts: 1 });
    } finally {
      await worker.stop();
    }
  });
});

/** Issue 59 (follow-up of point 9): a job that gives up says so in the log, without the address its failure quotes. */
describe('the outbox worker giving up on a job', () => {
  let dir: string;
  let store: Store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'assay-outbox-gave-up-'));
    store = await openStore(`sqlite:${join(dir, 'assay.db')}`);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs the failure with every address replaced, and keeps the full text on the job', async () => {
    const org = await store.orgs.create({ name: 'gave-up', email: 'gave-up@example.com', timeZoneId: 1 }, NOW);
    const job = await store.jobs.add({ orgId: org.id, invitationId: null, kind: 'email', target: 'joann.smith+x@mail.example.org', payload: '{}' }, NOW);
    const refusal = "Can't send mail - all recipients were rejected: 550 5.1.1 <joann.smith+x@mail.example.org>: Recipient address rejected";
    const warnings: Array<{ object: object; message?: string }> = [];
    const log: Logger = { ...silent, warn: (object, message) => warnings.push({ object, message }) };
    const unused: JobHandler = async () => ({ kind: 'dead', error: 'not in this test' });
    const email: JobHandler = async () => ({ kind: 'retry', error: refusal });
    const handlers = { ...Object.fromEntries(JobKind.options.map((kind) => [kind, unused])), email } as Record<JobKind, JobHandler>;
    const worker = new OutboxWorker({ store, handlers, retryDelay: () => undefined, now: () => NOW, log, workerId: 'giving-up' });
    expect(await worker.runOnce()).toBe(1);
    const gaveUp = warnings.find(({ message }) => message === 'job gave up after its last retry');
    expect(gaveUp?.object).toMatchObject({
      jobId: job.id,
      kind: 'email',
      error: "Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: Recipient address rejected",
    });
    expect(JSON.stringify(warnings)).not.toContain('joann');
    expect(await store.jobs.find(job.id)).toMatchObject({ status: 'dead', lastError: refusal });
  });
});
