import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sampleDefinition } from '../helpers/fixtures.js';
import {
  buildIfStale,
  call,
  createOrg,
  diagnostics,
  importTest,
  killAll,
  register,
  scratchDatabase,
  startAndSubmit,
  startCallbackReceiver,
  startServer,
  waitUntil,
  type CallbackReceiver,
  type RunningServer,
} from './processes.js';

/**
 * Issue 29, item 8 on the real server process (its in-process worker, the default lease of two minutes): callbacks in
 * flight to a slow receiver when the server is SIGKILLed. Before, the restarted server waited out the dead process's
 * leases; now a lease names its process, and the restarted one takes a dead process's leases at its first pass.
 */
const CALLBACKS = 4;
const backends = ['sqlite', 'postgres'] as const;

interface DeliveryEntry {
  jobId: number;
  messageId: string;
  status: string;
  nextAttemptAt: string | null;
  inFlight: boolean;
  leasedUntil: string | null;
}

describe.each(backends)('callbacks in flight across a SIGKILLed server (%s, real processes)', (backend) => {
  let databaseUrl: string;
  let disposeDatabase: (() => Promise<void>) | undefined;
  let receiver: CallbackReceiver | undefined;

  beforeAll(async () => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`callback-crash-recovery.test: built ${built.join(', ')} first`);
    ({ url: databaseUrl, dispose: disposeDatabase } = await scratchDatabase(backend, 'lease_crash', inject('pgUrl')));
  }, 180_000);

  afterAll(async () => {
    await killAll();
    await receiver?.close();
    await disposeDatabase?.();
  }, 60_000);

  it('re-sends every callback the dead process had in flight while its lease still runs, and logs them in flight', async ({ onTestFailed }) => {
    onTestFailed(() => console.error(`callback-crash-recovery diagnostics:\n${diagnostics()}`));
    const withWorker = { ASSAY_RUN_WORKER: 'true', ASSAY_WORKER_POLL_MS: '100' };
    let server: RunningServer = await startServer(`lease-server-1-${backend}`, databaseUrl, withWorker);
    const first = server;
    /** When each request arrived (epoch ms, to compare with the lease's end the API reports). */
    const arrivals: { webhookId: string; at: number }[] = [];
    receiver = await startCallbackReceiver({
      delayMs: () => 0,
      // Slow: nothing is answered while the first server lives, so every first delivery is in flight when it dies.
      hold: async (request) => {
        arrivals.push({ webhookId: request.webhookId, at: Date.now() });
        await first.proc.exited;
      },
    });
    const org = await createOrg(server.url, 'Lease Crash Org');
    const testId = await importTest(server.url, org.apiKey, sampleDefinition);
    const invitations: number[] = [];
    for (let index = 0; index < CALLBACKS; index += 1) {
      const { invitationId, token } = await register(server.url, org.apiKey, testId, `lease-${index}@example.com`, receiver.url);
      await startAndSubmit(server.url, token);
      invitations.push(invitationId);
    }
    expect(await waitUntil(() => receiver!.distinctIds().size === CALLBACKS, 60_000), 'every callback is in flight').toBe(true);

    // The delivery log says a worker holds each one, until when — not a next attempt in the past.
    const logOf = async (baseUrl: string, invitationId: number) =>
      (await call<{ deliveries: DeliveryEntry[] }>(baseUrl, 'GET', `/v2/org/testinvitation/${invitationId}/deliveries`, { apiKey: org.apiKey })).deliveries;
    const leasedUntil = new Map<string, number>();
    for (const invitationId of invitations) {
      const [callback] = await logOf(server.url, invitationId);
      expect(callback).toMatchObject({ status: 'pending', inFlight: true, nextAttemptAt: null });
      leasedUntil.set(callback!.messageId, Date.parse(callback!.leasedUntil!));
    }

    first.proc.child.kill('SIGKILL');
    expect((await first.proc.exited).signal).toBe('SIGKILL');

    server = await startServer(`lease-server-2-${backend}`, databaseUrl, withWorker);
    const resent = () => [...leasedUntil.keys()].every((id) => arrivals.filter((arrival) => arrival.webhookId === id).length >= 2);
    expect(await waitUntil(resent, 90_000), 'every callback in flight at the crash is sent again').toBe(true);
    // Each came again while the dead process's lease still ran: taken over, not waited out.
    for (const [id, until] of leasedUntil) {
      const again = arrivals.filter((arrival) => arrival.webhookId === id)[1]!;
      expect(again.at, `${id} re-sent before its lease ended`).toBeLessThan(until);
    }
    const settled = async () => (await Promise.all(invitations.map((id) => logOf(server.url, id)))).flat().every((entry) => entry.status === 'delivered');
    expect(await waitUntil(settled, 30_000, 200), 'every callback ends delivered').toBe(true);
  }, 240_000);
});
