import type { Job } from '@assay/domain';
import type { Store } from '@assay/store';
import type { Mailer, OutgoingEmail } from '../email/mailer.js';
import type { JobOutcome } from '../outbox-worker.js';

/** Sends one email and writes the attempt to the job's delivery log; a failure is retried on the schedule. */
export const sendRecorded = async (deps: { store: Store; mailer: Mailer; now: () => number }, job: Job, message: OutgoingEmail): Promise<JobOutcome> => {
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
