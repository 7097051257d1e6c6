import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { undeliverableAddress, type Job } from '@assay/domain';
import type { Store } from '@assay/store';
import type { Mailer, OutgoingEmail } from '../email/mailer.js';
import type { JobOutcome } from '../outbox-worker.js';

/**
 * Sends one email and writes the attempt to the job's delivery log; a failure is retried on the schedule. In files mode
 * the `.eml` file it wrote is recorded with the delivery, for the invitation: what an erasure removes (decision 1000).
 * An erasure that ran while the email was being written found no record of it yet: the file is removed here. An address
 * under `.invalid` (a candidate v3 invited without one, decision 1021) can never be reached: nothing is sent to it.
 */
export const sendRecorded = async (deps: { store: Store; mailer: Mailer; now: () => number }, job: Job, message: OutgoingEmail): Promise<JobOutcome> => {
  if (undeliverableAddress(message.to)) return { kind: 'gone', error: `${message.to} is a made-up address (.invalid): nothing is sent to it` };
  const startedAt = deps.now();
  const record = (outcome: 'delivered' | 'retry', error: string | null, savedTo?: string) =>
    deps.store.jobs.recordDelivery(job.id, {
      attemptedAt: startedAt,
      outcome,
      statusCode: null,
      latencyMs: deps.now() - startedAt,
      error,
      outboxFile: savedTo === undefined ? undefined : basename(savedTo),
    });
  let savedTo: string | undefined;
  try {
    ({ savedTo } = await deps.mailer.send(message));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await record('retry', reason);
    return { kind: 'retry', error: reason };
  }
  try {
    await record('delivered', null, savedTo);
  } finally {
    // Erased meanwhile, the job may be gone, and its delivery not recordable: the file goes either way.
    if (savedTo !== undefined && (await deps.store.outboxEmails.jobErased(job.id))) {
      await rm(savedTo, { force: true });
      await deps.store.outboxEmails.forget(job.orgId, [basename(savedTo)]);
    }
  }
  return { kind: 'done' };
};
