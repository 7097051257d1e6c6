import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sampleDefinition } from '../helpers/fixtures.js';
import {
  buildIfStale,
  createDatabase,
  createOrg,
  diagnostics,
  importTest,
  inPool,
  killAll,
  overlappingDuplicates,
  register,
  signingSecrets,
  sleep,
  startAndSubmit,
  startCallbackReceiver,
  startServer,
  startWorker,
  verifies,
  waitUntil,
  withPg,
  type CallbackReceiver,
  type RunningServer,
} from './processes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/**
 * Scale-out on PostgreSQL: two servers and two workers share one database. 1000 completions, spread over
 * both servers, each announce themselves once, under one webhook-id, never delivered twice at the same time.
 */
const COMPLETIONS = 1_000;
const CONCURRENCY = 20;
const WORKER_IDS = ['scale-worker-a', 'scale-worker-b'];

describe('callbacks at scale: two servers and two workers on one PostgreSQL database', () => {
  let dir: string;
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let receiver: CallbackReceiver | undefined;

  beforeAll(async () => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`callback-scale.test: built ${built.join(', ')} first`);
    dir = mkdtempSync(join(tmpdir(), 'assay-scale-'));
    database = await createDatabase(inject('pgUrl'), 'scale');
  }, 180_000);

  afterAll(async () => {
    await killAll();
    await receiver?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('delivers 1000 callbacks once each, one webhook-id per invitation, none concurrently twice', async ({ onTestFailed }) => {
    onTestFailed(() => console.error(`callback-scale diagnostics:\n${diagnostics()}`));
    const databaseUrl = database!.url;
    const t0 = performance.now();
    const env = { ASSAY_OUTBOX_DIR: join(dir, 'outbox') };

    // The first server migrates the fresh database; the others start against the migrated schema.
    const first = await startServer('server-1', databaseUrl, env);
    const [second, ...workers] = await Promise.all([
      startServer('server-2', databaseUrl, env),
      ...WORKER_IDS.map((id) => startWorker(id, databaseUrl, first.url, { ...env, ASSAY_WORKER_POLL_MS: '50' })),
    ]);
    const servers: RunningServer[] = [first, second as RunningServer];
    expect(workers).toHaveLength(2);
    const t1 = performance.now();

    const org = await createOrg(first.url, 'Scale Org');
    const testId = await importTest(first.url, org.apiKey, sampleDefinition);
    receiver = await startCallbackReceiver({ delayMs: () => 5 + Math.floor(Math.random() * 16) });

    // Which workers hold leases, sampled while the callbacks flow (jobs keep no owner once finished).
    const leaseOwners = new Map<string, Set<number>>();
    let sampling = true;
    const sampler = withPg(databaseUrl, async (client) => {
      while (sampling) {
        const { rows } = await client.query<{ id: number; lease_owner: string }>('select id, lease_owner from jobs where lease_owner is not null');
        for (const row of rows) leaseOwners.set(row.lease_owner, (leaseOwners.get(row.lease_owner) ?? new Set()).add(Number(row.id)));
        await sleep(20);
      }
    });

    try {
      // Round robin: register on one server, start and submit on the other.
      const invitations = await inPool(
        Array.from({ length: COMPLETIONS }, (_, index) => index),
        CONCURRENCY,
        async (index) => {
          const registeredOn = servers[index % 2]!;
          const takenOn = servers[(index + 1) % 2]!;
          const { invitationId, token } = await register(registeredOn.url, org.apiKey, testId, `scale-${index}@example.com`, receiver!.url);
          await startAndSubmit(takenOn.url, token);
          return invitationId;
        },
      );
      const t2 = performance.now();
      expect(new Set(invitations).size).toBe(COMPLETIONS);
      const deliveredWhileCompleting = receiver.distinctIds().size;

      const all = await waitUntil(() => receiver!.distinctIds().size >= COMPLETIONS, 120_000);
      const t3 = performance.now();
      expect(all, `only ${receiver.distinctIds().size} of ${COMPLETIONS} callbacks arrived`).toBe(true);

      // One webhook-id per invitation, every invitation announced.
      const idsByInvitation = new Map<number, Set<string>>();
      for (const request of receiver.requests) {
        const invitationId = (JSON.parse(request.body) as { TestInvitationId: number }).TestInvitationId;
        idsByInvitation.set(invitationId, (idsByInvitation.get(invitationId) ?? new Set()).add(request.webhookId));
      }
      expect([...idsByInvitation.keys()].sort((a, b) => a - b)).toEqual([...invitations].sort((a, b) => a - b));
      expect([...idsByInvitation].filter(([, ids]) => ids.size !== 1)).toEqual([]);
      expect(receiver.distinctIds().size).toBe(COMPLETIONS);

      // No webhook-id was ever in flight twice at once (seen live, and from the recorded windows).
      expect(receiver.concurrentDuplicates.map((request) => request.webhookId)).toEqual([]);
      expect(overlappingDuplicates(receiver.requests).map(([a]) => a.webhookId)).toEqual([]);
      // Nothing crashed and no lease ran out: nothing should have come twice at all.
      expect(receiver.requests.length, 'requests in all (a redelivery without a crash)').toBe(COMPLETIONS);

      // The outbox agrees: every job delivered (the last status writes may trail the last answers).
      const notDelivered = () =>
        withPg(databaseUrl, async (client) =>
          Number((await client.query<{ n: string }>(`select count(*) as n from jobs where status <> 'delivered'`)).rows[0]!.n),
        );
      await waitUntil(async () => (await notDelivered()) === 0, 10_000, 100);
      expect(await notDelivered()).toBe(0);
      const counts = await withPg(
        databaseUrl,
        async (client) => (await client.query<{ kind: string; n: string }>('select kind, count(*) as n from jobs group by kind order by kind')).rows,
      );
      expect(Object.fromEntries(counts.map((row) => [row.kind, Number(row.n)]))).toEqual({ callback: COMPLETIONS, score: COMPLETIONS });

      // Each request is signed with the org's secrets (as listed to the integrator).
      const secrets = await signingSecrets(first.url, org.apiKey);
      expect(receiver.requests.filter((request) => !secrets.some(({ secret }) => verifies(secret, request))).map((request) => request.webhookId)).toEqual([]);
      const newestOnly = receiver.requests.filter((request) => verifies(secrets[0]!.secret, request)).length;
      // One current secret per org, however many first deliveries raced to create it: all verify with it.
      expect(secrets).toHaveLength(1);
      expect(newestOnly).toBe(receiver.requests.length);

      sampling = false;
      await sampler;
      // Both workers took jobs (sampled, so a lower bound on each one's share).
      const shares = Object.fromEntries(WORKER_IDS.map((id) => [id, leaseOwners.get(id)?.size ?? 0]));
      for (const id of WORKER_IDS) expect(shares[id], `jobs seen leased by ${id}`).toBeGreaterThan(0);
      expect([...leaseOwners.keys()].sort()).toEqual([...WORKER_IDS].sort());

      console.info(
        `callback-scale: processes up in ${Math.round(t1 - t0)} ms; ${COMPLETIONS} completions (${CONCURRENCY} at a time) in ${Math.round(t2 - t1)} ms ` +
          `(${deliveredWhileCompleting} callbacks delivered meanwhile); all delivered ${Math.round(t3 - t2)} ms after the last submit; ` +
          `${receiver.requests.length} requests; jobs seen leased: ${JSON.stringify(shares)}; ` +
          `${secrets.length} signing secret(s) listed, ${newestOnly} requests verify with the newest one`,
      );
    } finally {
      sampling = false;
      await sampler.catch(() => undefined);
    }
  }, 180_000);
});
