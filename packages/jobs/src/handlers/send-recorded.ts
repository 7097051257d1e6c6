import { undeliverableAddress, type Job } from '@assay/domain';
import type { Store } from '@assay/store';
import type { Mailer, OutgoingEmail } from '../email/mailer.js';
import type { JobOutcome } from '../outbox-worker.js';

/**
 * Sends one email and writes the attempt to the job's delivery log; a failure is retried on the schedule. An address
 * under `.invalid` (a candidate v3 invited without one, decision 1021) can never be reached: nothing is sent to it.
 */
export const sendRecorded = async (deps: { store: Store; mailer: Mailer; now: () => number }, job: Job, message: OutgoingEmail): Promise<JobOutcome> => {
  if (undeliverableAddress(message.to)) return { kind: 'gone', error: `${message.to} is a made-up address (.invalid): nothing is sent to it` };
  const startedAt = deps.now();
  const record = (outcome: 'delivered' | 'retry', error: string | null) =>
    deps.store.jobs.recordDelivery(job.id, { attemptedAt: startedAt, outcome, statusCode: null, latencyMs: deps.now() - startedAt, error });
  try {
    await deps.mailer.send(message);
    await record('delivered', null);
    return { kind: 'done' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await record('retry', reason);
    return { kind: 'retry', error: reason };
  }
};
