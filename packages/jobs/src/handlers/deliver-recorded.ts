import { deliverWebhook, type DeliveryRequest, type DeliveryResult } from '@assay/delivery';
import type { Job } from '@assay/domain';
import type { Store } from '@assay/store';
import type { JobOutcome } from '../outbox-worker.js';

/** What a delivery attempt means for its job: done, stopped (410), or retried (honouring Retry-After). */
const deliveryOutcomeOf = (result: DeliveryResult): JobOutcome => {
  if (result.outcome === 'delivered') return { kind: 'done' };
  if (result.outcome === 'gone') return { kind: 'gone', error: `receiver answered ${result.status ?? 410}: stopped` };
  const error = result.error ?? `receiver answered ${result.status}`;
  return result.retryAfterMs === undefined ? { kind: 'retry', error } : { kind: 'retry', error, retryAfterMs: result.retryAfterMs };
};

/**
 * One HTTP delivery of a job (a completion callback, Greenhouse's PATCH): sent through the SSRF-guarded
 * `deliverWebhook`, written to the job's delivery log (and the invitation's history) as attempted at `now`, and read
 * as the job's outcome.
 */
export const deliverRecorded = async (store: Store, job: Job, request: DeliveryRequest, now: number): Promise<JobOutcome> => {
  const result = await deliverWebhook(request);
  await store.jobs.recordDelivery(job.id, {
    attemptedAt: now,
    outcome: result.outcome,
    statusCode: result.status ?? null,
    latencyMs: Math.round(result.latencyMs),
    error: result.error ?? null,
  });
  return deliveryOutcomeOf(result);
};
