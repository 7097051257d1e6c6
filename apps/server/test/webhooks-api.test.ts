import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { assembleWorker } from '@assay/jobs';
import { candidate, manualClock, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { silentLog, startReceiver } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

type Settings = { secrets: { secret: string; expiresAt: string | null }[]; trailingSpaceKeys: boolean };

describe.each(backends)('webhook tools and reconciliation on %s', (backend) => {
  let h: Harness;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    h = await startHarness(backend);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await h.close();
  });

  it('rotates the signing secret with an overlap: both secrets verify a test event', async () => {
    const before = expectSuccess<Settings>(await h.request({ method: 'GET', url: '/v2/org/webhooks' }));
    expect(before.secrets).toHaveLength(1);
    expect(before.secrets[0]!.secret).toMatch(/^whsec_/);
    const after = expectSuccess<Settings>(await h.request({ method: 'POST', url: '/v2/org/webhooks/secret/rotate' }));
    expect(after.secrets).toHaveLength(2);
    expect(after.secrets[1]).toMatchObject({ secret: before.secrets[0]!.secret });
    expect(after.secrets[1]!.expiresAt).not.toBeNull();

    const queued = expectSuccess<{ jobId: number; messageId: string }>(
      await h.request({ method: 'POST', url: '/v2/org/webhooks/test', body: { url: receiver.url } }),
    );
    const worker = assembleWorker(h.store, { ...h.config, outboxDir: '/tmp/assay-outbox-webhooks' }, silentLog, { random: () => 0 });
    try {
      await worker.worker.drain();
    } finally {
      await worker.close();
    }
    const request = receiver.received.find((entry) => entry.headers['webhook-id'] === queued.messageId)!;
    expect(JSON.parse(request.body)).toMatchObject({ TestInvitationId: 0 });
    for (const { secret } of after.secrets) {
      expect(() => new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    }
    expectFailure(await h.request({ method: 'POST', url: '/v2/org/webhooks/test', body: { url: 'ftp://x.example' } }), '400.2');
  });

  it('redelivers a callback with the same webhook-id', async () => {
    const queued = expectSuccess<{ jobId: number; messageId: string }>(
      await h.request({ method: 'POST', url: '/v2/org/webhooks/test', body: { url: receiver.url } }),
    );
    const worker = assembleWorker(h.store, { ...h.config, outboxDir: '/tmp/assay-outbox-webhooks' }, silentLog, { random: () => 0 });
    try {
      await worker.worker.drain();
      expect(expectSuccess(await h.request({ method: 'POST', url: `/v2/org/deliveries/${queued.jobId}/redeliver` }))).toEqual(queued);
      await worker.worker.drain();
    } finally {
      await worker.close();
    }
    expect(receiver.received.filter((entry) => entry.headers['webhook-id'] === queued.messageId)).toHaveLength(2);
    const other = await h.createOrg('Other');
    expectFailure(await h.request({ method: 'POST', url: `/v2/org/deliveries/${queued.jobId}/redeliver`, apiKey: other.apiKey }), '404.10');
  });

  it('lists completions and cancellations in a window for reconciliation', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const testId = await h.importTest();
    const done = await registerFor(h, testId, 'done@example.com');
    await h.client.candidate(done.token).start();
    expectSuccess(await candidate(h, done.token).submit());
    const dropped = await registerFor(h, testId, 'dropped@example.com');
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${dropped.invitationId}/cancel` }));
    const events = expectSuccess<{ events: { type: string; testInvitationId: number }[]; next: string | null }>(
      await h.request({ method: 'GET', url: `/v2/org/events?from=${encodeURIComponent(from)}` }),
    );
    expect(events.events.map((event) => [event.type, event.testInvitationId])).toEqual([
      ['completed', done.invitationId],
      ['cancelled', dropped.invitationId],
    ]);
    expect(events.next).toBeNull();
    const paged = expectSuccess<{ events: unknown[]; next: string | null }>(
      await h.request({ method: 'GET', url: `/v2/org/events?from=${encodeURIComponent(from)}&limit=1` }),
    );
    expect(paged.events).toHaveLength(1);
    expect(paged.next).not.toBeNull();
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/events?from=yesterday' }), '400.4');
    const other = await h.createOrg('Elsewhere');
    const foreign = expectSuccess<{ events: unknown[] }>(
      await h.request({ method: 'GET', url: `/v2/org/events?from=${encodeURIComponent(from)}`, apiKey: other.apiKey }),
    );
    expect(foreign.events).toEqual([]);
  });

  it('includes, without `to`, an event of the very millisecond the events are asked for', async () => {
    const clock = manualClock(Date.UTC(2026, 10, 23, 9, 0, 0));
    const frozen = await startHarness(backend, {}, clock.now);
    try {
      const from = new Date(clock.now() - 1000).toISOString();
      const testId = await frozen.importTest();
      const dropped = await registerFor(frozen, testId, 'same-instant@example.com');
      expectSuccess(await frozen.request({ method: 'GET', url: `/v2/org/testinvitation/${dropped.invitationId}/cancel` }));
      const events = expectSuccess<{ events: { type: string; testInvitationId: number; at: string }[] }>(
        await frozen.request({ method: 'GET', url: `/v2/org/events?from=${encodeURIComponent(from)}` }),
      );
      expect(events.events).toEqual([
        expect.objectContaining({ type: 'cancelled', testInvitationId: dropped.invitationId, at: new Date(clock.now()).toISOString() }),
      ]);
    } finally {
      await frozen.close();
    }
  });
});
