import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestDefinition, type Job, type JobKind } from '@assay/domain';
import { ANNOUNCEMENT_HOLD_MS, openScratchStore, type Store } from '@assay/store';
import { type JobHandler, type Logger, OutboxWorker } from './outbox-worker.js';

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const definition = TestDefinition.parse({
  testName: 'Outbox',
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'single_choice', text: 'Pick', marks: 1, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
  ],
});

/** A handler that holds each job until the test lets it go, and says which jobs it holds. */
const gate = () => {
  const held = new Map<number, () => void>();
  const handled: number[] = [];
  const handler: JobHandler = (job: Job) =>
    new Promise((resolve) => {
      held.set(job.id, () => {
        held.delete(job.id);
        handled.push(job.id);
        resolve({ kind: 'done' });
      });
    });
  return { handler, held, handled, release: (id: number) => held.get(id)?.() };
};

const until = async (done: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/**
 * Issue 28, items 3 and 5: scoring at scale and across processes. A worker keeps jobs in flight instead of running
 * batches, so one slow scoring job holds back nothing but its own announcements; and it leases only the scoring it
 * can run now, so N workers on one database share the scoring.
 */
describe.each(['sqlite', 'postgres'] as const)('the outbox worker keeps scoring in flight on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  const workers: OutboxWorker[] = [];

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, 1)).id;
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await dispose();
  });

  let registered = 0;
  const invitation = async (callbackUrl: string | null = null) => {
    const n = ++registered;
    const testId = (await store.tests.importDefinition(orgId, definition, `key-${backend}-${n}`, 1)).testId;
    const registration = {
      orgId,
      testId,
      testLinkId: null,
      emailKey: `c${n}@example.com`,
      email: `c${n}@example.com`,
      fullName: 'Ada',
      callbackUrl,
      redirectUrl: null,
    };
    return (await store.invitations.register(registration, () => `token-${backend}-${n}`, 1)).invitation.id;
  };
  const queue = (kind: JobKind, invitationId: number) =>
    store.jobs.add({ orgId, invitationId, kind, target: kind === 'score' ? 'report' : 'https://hooks.example/cb', payload: '{}' }, 1);
  const worker = (handlers: Partial<Record<JobKind, JobHandler>>, scoreConcurrency: number, workerId: string) => {
    const unused: JobHandler = async () => ({ kind: 'dead', error: 'not in this test' });
    const started = new OutboxWorker({
      store,
      handlers: {
        score: unused,
        callback: unused,
        email: unused,
        link_email: unused,
        greenhouse_patch: unused,
        bulk_invite: unused,
        reminder: unused,
        reminder_expired: unused,
        decision_email: unused,
        ...handlers,
      },
      retryDelay: () => 60_000,
      now: () => 2,
      log: silent,
      workerId,
      pollMs: 20,
      scoreConcurrency,
    });
    workers.push(started);
    started.start();
    return started;
  };

  it('delivers another attempt’s announcement while one scoring job is still running, and holds its own back', async () => {
    const [slow, other] = [await invitation(), await invitation()];
    const scores = gate();
    const callbacks = gate();
    const slowScore = await queue('score', slow);
    const slowCallback = await queue('callback', slow);
    const otherCallback = await queue('callback', other);
    const running = worker({ score: scores.handler, callback: callbacks.handler }, 4, `${backend}-pipeline`);

    await until(() => scores.held.has(slowScore.id) && callbacks.held.has(otherCallback.id));
    callbacks.release(otherCallback.id);
    await until(() => callbacks.handled.includes(otherCallback.id));
    // The slow attempt's own callback waits for its report: it has not even been handed to its handler.
    expect(callbacks.held.has(slowCallback.id)).toBe(false);
    scores.release(slowScore.id);
    await until(() => callbacks.held.has(slowCallback.id));
    callbacks.release(slowCallback.id);
    await until(() => callbacks.handled.includes(slowCallback.id));
    await running.stop();
  });

  it('leases only the scoring it can run now, leaving the rest to the other workers on the database', async () => {
    const jobs = await Promise.all(Array.from({ length: 6 }, async () => queue('score', await invitation())));
    const first = gate();
    const second = gate();
    worker({ score: first.handler }, 2, `${backend}-first`);
    await until(() => first.held.size === 2);
    worker({ score: second.handler }, 3, `${backend}-second`);
    await until(() => second.held.size === 3);
    const owners = await store.db.selectFrom('jobs').select(['id', 'lease_owner']).where('kind', '=', 'score').where('status', '=', 'pending').execute();
    const leased = (owner: string) => owners.filter((row) => row.lease_owner === owner).length;
    expect([leased(`${backend}-first`), leased(`${backend}-second`)]).toEqual([2, 3]);
    // As each ends, its worker takes the next: the sixth goes to whichever is free first.
    for (const id of [...first.held.keys()]) first.release(id);
    await until(() => first.handled.length + second.handled.length + first.held.size + second.held.size === jobs.length);
    for (const pending of [first, second]) for (const id of [...pending.held.keys()]) pending.release(id);
    await until(() => first.handled.length + second.handled.length === jobs.length);
  });

  /** A completion as the store queues it (in the transaction that completes the attempt). */
  const complete = async (invitationId: number, now: number) => {
    const row = await store.db.selectFrom('invitations').selectAll().where('id', '=', invitationId).executeTakeFirstOrThrow();
    await store.db.transaction().execute((trx) => store.jobs.enqueueCompletion(trx, row, now));
  };
  const announcements = (owner: string, now: number) => store.jobs.lease(owner, now, 60_000, 10, ['callback', 'email']);

  it('holds a completion’s callback from every worker until its scoring releases it, and past the hold if scoring never does', async () => {
    const [scored, abandoned] = [await invitation('https://hooks.example/scored'), await invitation('https://hooks.example/abandoned')];
    const t = 1_000_000;
    await complete(scored, t);
    await complete(abandoned, t);
    // Any worker on the database may lease the scoring at once; none the announcements, whose report is pending.
    expect((await store.jobs.lease(`${backend}-scorer`, t, 60_000, 10, ['score'])).map((job) => job.invitationId).sort()).toEqual([scored, abandoned].sort());
    expect(await announcements(`${backend}-deliverer`, t + 1)).toEqual([]);

    await store.jobs.releaseWaiting(scored, t + 2);
    const released = await announcements(`${backend}-deliverer`, t + 2);
    expect(released.map((job) => [job.invitationId, job.target])).toEqual([[scored, 'https://hooks.example/scored']]);
    await store.jobs.finish(released[0]!, `${backend}-deliverer`, 'delivered', t + 3);
    // The other attempt's scoring died: its callback looks for itself once the hold is over, not before.
    expect(await announcements(`${backend}-deliverer`, t + ANNOUNCEMENT_HOLD_MS - 1)).toEqual([]);
    expect((await announcements(`${backend}-deliverer`, t + ANNOUNCEMENT_HOLD_MS)).map((job) => job.invitationId)).toEqual([abandoned]);
  });

  it('leaves a callback that is waiting out a failed delivery on its own schedule when scoring releases the rest', async () => {
    const id = await invitation('https://hooks.example/retrying');
    const t = 2_000_000;
    await complete(id, t);
    await store.jobs.releaseWaiting(id, t);
    const [callback] = await announcements(`${backend}-retry`, t);
    await store.jobs.retryAt(callback!, `${backend}-retry`, t + 60_000, t, 'receiver answered 500');
    await store.jobs.releaseWaiting(id, t + 1);
    expect(await announcements(`${backend}-retry`, t + 1)).toEqual([]);
    expect((await announcements(`${backend}-retry`, t + 60_000)).map((job) => job.id)).toEqual([callback!.id]);
  });
});
