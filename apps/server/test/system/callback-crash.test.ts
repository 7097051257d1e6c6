import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '@assay/store';
import { sampleDefinition } from '../helpers/fixtures.js';
import {
  buildIfStale,
  createOrg,
  diagnostics,
  importTest,
  inPool,
  killAll,
  register,
  signingSecrets,
  startAndSubmit,
  startCallbackReceiver,
  startServer,
  startWorker,
  waitUntil,
  verifies,
  type CallbackReceiver,
  type Proc,
  type RunningServer,
} from './processes.js';

/**
 * A worker process is SIGKILLed in the middle of delivering callbacks; a new one takes over the expired
 * leases. Every completion's callback must still arrive (at least once), always under its one webhook-id.
 */
const COMPLETIONS = 200;
const KILL_AT = 40;
const LEASE_MS = 3_000;

describe('callbacks survive a worker crash (SQLite, real processes)', () => {
  let dir: string;
  let databaseUrl: string;
  let server: RunningServer;
  let receiver: CallbackReceiver | undefined;
  let store: Store | undefined;

  beforeAll(() => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`callback-crash.test: built ${built.join(', ')} first`);
    dir = mkdtempSync(join(tmpdir(), 'assay-crash-'));
    databaseUrl = `sqlite:${join(dir, 'assay.db')}`;
  }, 180_000);

  afterAll(async () => {
    await killAll();
    await receiver?.close();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('delivers all 200 callbacks, each under exactly one webhook-id, across a SIGKILLed worker', async ({ onTestFailed }) => {
    onTestFailed(() => console.error(`callback-crash diagnostics:\n${diagnostics()}`));
    const started = performance.now();
    const workerEnv = {
      ASSAY_WORKER_LEASE_MS: String(LEASE_MS),
      ASSAY_WORKER_POLL_MS: '100',
      ASSAY_OUTBOX_DIR: join(dir, 'outbox'),
    };

    server = await startServer('server', databaseUrl, { ASSAY_OUTBOX_DIR: join(dir, 'outbox') });
    const org = await createOrg(server.url, 'Crash Test Org');
    const testId = await importTest(server.url, org.apiKey, sampleDefinition);

    let first: Proc | undefined;
    /** webhook-ids whose request was in flight (unanswered) when the first worker died. */
    let inFlightAtKill: string[] | undefined;
    let killing: Promise<void> | undefined;
    receiver = await startCallbackReceiver({
      delayMs: () => 30,
      hold: async (_request, self) => {
        if (self.requests.length >= KILL_AT && first && !killing) {
          // The worker is waiting for this very answer (and maybe others of its batch): it dies mid-delivery.
          inFlightAtKill = self.requests.filter((entry) => entry.answeredAt === undefined).map((entry) => entry.webhookId);
          killing = first.stop('SIGKILL');
        }
        // Nothing is answered until the killed worker is gone, so these deliveries never count as done.
        if (killing) await killing;
      },
    });

    const invitations = await inPool(
      Array.from({ length: COMPLETIONS }, (_, index) => index),
      10,
      async (index) => {
        const { invitationId, token } = await register(server.url, org.apiKey, testId, `crash-${index}@example.com`, receiver!.url);
        await startAndSubmit(server.url, token);
        return invitationId;
      },
    );
    const completedAt = performance.now();
    expect(new Set(invitations).size).toBe(COMPLETIONS);
    expect(receiver.requests, 'no worker runs yet: nothing may be delivered').toHaveLength(0);

    first = await startWorker('worker-1', databaseUrl, server.url, workerEnv);
    const killedInTime = await waitUntil(() => killing !== undefined, 60_000);
    expect(killedInTime, `the first worker delivered ${receiver.requests.length} callbacks, fewer than ${KILL_AT}`).toBe(true);
    await killing;
    const exit = await first.exited;
    expect(exit.signal).toBe('SIGKILL');
    const seenAtKill = receiver.distinctIds().size;
    expect(seenAtKill).toBeGreaterThanOrEqual(KILL_AT - 10);
    expect(seenAtKill).toBeLessThan(COMPLETIONS);
    expect(inFlightAtKill!.length, 'the worker was killed with a delivery in flight').toBeGreaterThanOrEqual(1);
    const killedAt = performance.now();

    await startWorker('worker-2', databaseUrl, server.url, workerEnv);
    const timesSeen = (id: string) => receiver!.requests.filter((request) => request.webhookId === id).length;
    // The dead worker's leases expire after LEASE_MS: its deliveries in flight come again after the others.
    const all = await waitUntil(() => receiver!.distinctIds().size >= COMPLETIONS && inFlightAtKill!.every((id) => timesSeen(id) >= 2), 90_000);
    const deliveredAt = performance.now();
    expect(receiver.distinctIds().size, `callbacks that arrived`).toBe(COMPLETIONS);
    // At least once: what the dead worker had in flight came again (from the second worker, same webhook-id).
    for (const id of inFlightAtKill!) expect(timesSeen(id), `${id} was in flight at the crash`).toBeGreaterThanOrEqual(2);
    expect(all).toBe(true);

    // Every completion's callback arrived, and each completion has exactly one webhook-id.
    const idsByInvitation = new Map<number, Set<string>>();
    for (const request of receiver.requests) {
      const invitationId = (JSON.parse(request.body) as { TestInvitationId: number }).TestInvitationId;
      idsByInvitation.set(invitationId, (idsByInvitation.get(invitationId) ?? new Set()).add(request.webhookId));
    }
    expect([...idsByInvitation.keys()].sort((a, b) => a - b)).toEqual([...invitations].sort((a, b) => a - b));
    const withSeveralIds = [...idsByInvitation].filter(([, ids]) => ids.size !== 1);
    expect(withSeveralIds, 'invitations delivered under more than one webhook-id').toEqual([]);
    expect(receiver.distinctIds().size).toBe(COMPLETIONS);

    // Each request is signed with the org's secrets (as listed to the integrator).
    const secrets = await signingSecrets(server.url, org.apiKey);
    const unverified = receiver.requests.filter((request) => !secrets.some(({ secret }) => verifies(secret, request)));
    expect(unverified.map((request) => request.webhookId)).toEqual([]);
    const newestOnly = receiver.requests.filter((request) => verifies(secrets[0]!.secret, request)).length;
    // One current secret per org, however many first deliveries raced to create it: all verify with it.
    expect(secrets).toHaveLength(1);
    expect(newestOnly).toBe(receiver.requests.length);

    // And the outbox agrees: every callback job ends delivered (the last status write may trail the answer).
    store = await openStore(databaseUrl);
    const pending = () => store!.db.selectFrom('jobs').select(['id', 'kind', 'status', 'attempts', 'last_error']).where('status', '<>', 'delivered').execute();
    await waitUntil(async () => (await pending()).length === 0, 10_000, 100);
    expect(await pending()).toEqual([]);
    const callbackJobs = await store.db.selectFrom('jobs').select('id').where('kind', '=', 'callback').execute();
    expect(callbackJobs).toHaveLength(COMPLETIONS);

    console.info(
      `callback-crash: ${COMPLETIONS} completions in ${Math.round(completedAt - started)} ms; killed the worker after ${seenAtKill} callbacks ` +
        `(${inFlightAtKill!.length} in flight), all delivered ${Math.round(deliveredAt - killedAt)} ms later; ` +
        `${receiver.requests.length} requests for ${receiver.distinctIds().size} webhook-ids; ${secrets.length} signing secret(s) listed, ` +
        `${newestOnly} requests verify with the newest one`,
    );
  }, 180_000);
});
