import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RETRY_SCHEDULE_MS } from '@assay/delivery';
import { silentLog, startReceiver } from '@assay/testing';
import { assembleWorker, type AssembledWorker } from '../src/index.js';
import { openWorld, workerSettings, type World } from './world.js';

// Real time: the receiver checks webhook-timestamp against its own clock (5 minutes of tolerance).
const START = Math.floor(Date.now() / 1000) * 1000;

describe.each(['sqlite', 'postgres'] as const)('completion callbacks from the jobs on %s', (backend) => {
  let world: World;
  let worker: AssembledWorker;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-jobs-outbox-'));
  let now = START;

  beforeAll(async () => {
    world = await openWorld(backend, inject('pgUrl'));
    receiver = await startReceiver();
    worker = assembleWorker(world.store, workerSettings(outboxDir), silentLog, { now: () => now, random: () => 0, deliveryTimeoutMs: 1_000 });
  });
  afterAll(async () => {
    await worker.close();
    await receiver.close();
    await world.dispose();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('scores a completion, then posts its callback signed per Standard Webhooks, and retries it after a 500', async () => {
    receiver.script([{ status: 500 }, { status: 200 }]);
    const invitationId = await world.register({ callbackUrl: receiver.url });
    await world.start(invitationId, now);
    await world.submit(invitationId, now);

    await worker.drain();
    expect(receiver.received).toHaveLength(1);
    now += RETRY_SCHEDULE_MS[0]! - 1;
    await worker.drain();
    expect(receiver.received).toHaveLength(1);
    now += 1;
    await worker.drain();
    expect(receiver.received).toHaveLength(2);

    const [first, second] = receiver.received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    const body = JSON.parse(second!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ TestInvitationId: invitationId, CandidateEmailId: expect.stringMatching(/@example\.com$/), TotalScore: 2, CandidateScore: 0 });
    const [secret] = await world.store.webhookSecrets.active(world.orgId, now);
    for (const request of [first!, second!]) {
      expect(() => new Webhook(secret!.secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    }
    const job = await world.store.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('invitation_id', '=', invitationId)
      .where('kind', '=', 'callback')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'delivered', attempts: 2 });
  });
});
