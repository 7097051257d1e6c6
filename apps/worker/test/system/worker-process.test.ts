import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStore } from '@assay/store';
import { diagnostics, killAll, scratchDatabase, startReceiver, startWorker, waitUntil } from '@assay/testing';
import { buildIfStale } from '../../../../scripts/build-if-stale.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

const PAYLOAD = JSON.stringify({ TestInvitationId: 7, CandidateScore: 1 });

beforeAll(() => {
  const built = buildIfStale('@assay/worker');
  if (built.length > 0) console.warn(`worker-process.test: built ${built.join(', ')} first`);
}, 180_000);

/**
 * The worker as its README starts it (`node apps/worker/dist/main.js` from the repository root, settings in the
 * environment), on a database a server would share with it: it finds a pending callback, delivers it signed, and
 * stops when told to.
 */
describe.each(['sqlite', 'postgres'] as const)('the worker process on %s', (backend) => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-worker-outbox-'));
  let jobId: number;

  beforeAll(async () => {
    database = await scratchDatabase(backend, 'worker', inject('pgUrl'));
    receiver = await startReceiver();
    // What a server leaves behind: an org and a callback due now, in the database (the server then closes it).
    const store = await openStore(database.url);
    try {
      const orgId = (await store.orgs.create({ name: 'Acme', email: 'acme@example.com', timeZoneId: 1000 }, Date.now())).id;
      jobId = (await store.jobs.add({ orgId, invitationId: null, kind: 'callback', target: receiver.url, payload: PAYLOAD }, Date.now())).id;
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

  it('delivers a pending callback to a real receiver, signed, and exits with 0 on SIGTERM', async () => {
    const startedAt = Date.now();
    const worker = await startWorker(`worker-${backend}`, database.url, 'https://assay.test', { ASSAY_OUTBOX_DIR: outboxDir });
    const delivered = await waitUntil(() => receiver.received.length > 0, 30_000);
    expect(delivered, diagnostics()).toBe(true);
    const [request] = receiver.received;
    expect(request!.body).toBe(PAYLOAD);
    expect(request!.headers['webhook-id']).toEqual(expect.any(String));
    expect(request!.headers['webhook-signature']).toMatch(/^v1,/);

    await worker.stop('SIGTERM');
    expect(await worker.exited, worker.output()).toEqual({ code: 0, signal: null });
    expect(worker.output()).toContain('worker stopping');
    // Every log line is pino's, as the server's are: when it happened (epoch ms) and its level (issue 59 item 9).
    const lines = worker
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { time?: unknown; level?: unknown; msg?: unknown });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['worker started', 'worker stopping']));
    for (const line of lines) {
      expect(line.time, JSON.stringify(line)).toEqual(expect.any(Number));
      expect(line.time as number).toBeGreaterThanOrEqual(startedAt);
      expect(line.time as number).toBeLessThanOrEqual(Date.now());
      expect(line.level).toEqual(expect.any(Number));
    }

    const store = await openStore(database.url);
    try {
      const job = await store.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(job).toEqual({ status: 'delivered', attempts: 1 });
    } finally {
      await store.close();
    }
    expect(receiver.received).toHaveLength(1);
  });
});
