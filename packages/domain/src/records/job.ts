import { z } from 'zod';
import { Id } from '../ids.js';

/**
 * What the outbox does: score a completed attempt, or deliver something outside — a completion callback,
 * a stakeholder email, a candidate's own link (`link_email`: self-registration with an address already registered,
 * Greenhouse's send_test, or the invitation of a bulk file's row), the PATCH "test completed" to Greenhouse
 * (`greenhouse_patch`), a reminder to a candidate who has not started (`reminder`, payload `{"hours":48}`) and the note
 * to the stakeholder when an invitation expired unstarted (`reminder_expired`) — or register a bulk file's rows
 * (`bulk_invite`, its target the bulk job's id) — or tell a candidate of a decision or a cancellation (`decision_email`,
 * payload `{"email":"rejected"}`, due after the undo window: issue 61 item 1).
 */
export const JobKind = z.enum([
  'score',
  'callback',
  'email',
  'link_email',
  'greenhouse_patch',
  'bulk_invite',
  'reminder',
  'reminder_expired',
  'decision_email',
]);
export type JobKind = z.infer<typeof JobKind>;

/** The jobs that deliver something to someone outside: they have a delivery log and can be redelivered. */
export const DeliveryKind = JobKind.exclude(['score', 'bulk_invite']);
export type DeliveryKind = z.infer<typeof DeliveryKind>;

export const JobStatus = z.enum(['pending', 'delivered', 'gone', 'dead']);
export type JobStatus = z.infer<typeof JobStatus>;

/** One outbox job, as stored. */
export const Job = z.object({
  id: Id,
  orgId: Id,
  invitationId: Id.nullable(),
  kind: JobKind,
  /** The callback URL or the email address. */
  target: z.string(),
  /** Stable across retries: the `webhook-id` of a callback. */
  messageId: z.string(),
  /** Set for messages whose body is fixed when queued (test events); others are built at delivery. */
  payload: z.string().nullable(),
  status: JobStatus,
  /** Failed attempts counted toward the retry schedule. */
  attempts: z.int().nonnegative(),
  runAt: z.number(),
  leaseOwner: z.string().nullable(),
  leaseUntil: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Job = z.infer<typeof Job>;

/**
 * Where a job stands for its delivery log at `now`: a held lease means a worker is sending it (in flight, until
 * `leasedUntil` at the latest) — not a next attempt in the past; a pending job without one waits for `nextAttemptAt`.
 */
export const deliveryProgress = (
  job: Pick<Job, 'status' | 'runAt' | 'leaseUntil'>,
  now: number,
): { inFlight: boolean; leasedUntil: number | null; nextAttemptAt: number | null } => {
  if (job.status !== 'pending') return { inFlight: false, leasedUntil: null, nextAttemptAt: null };
  if (job.leaseUntil !== null && job.leaseUntil >= now) return { inFlight: true, leasedUntil: job.leaseUntil, nextAttemptAt: null };
  return { inFlight: false, leasedUntil: null, nextAttemptAt: job.runAt };
};

/**
 * Why a candidate is emailed their own link (`link_email`): they typed their address on a public link's page, the
 * org sent them the test from Greenhouse, or the org's bulk upload invited them (issue 48: that email said the address
 * was typed on a public page). The reason is the job's payload (`{"reason":"greenhouse"}`; none: a public link), and
 * the email says it. A single invitation with `sendEmail` is 'invitation', a reattempt's email 'reattempt' (decisions 780, 781).
 */
export const LinkEmailReason = z.enum(['self-registration', 'greenhouse', 'bulk', 'invitation', 'reattempt']);
export type LinkEmailReason = z.infer<typeof LinkEmailReason>;

/** The reason a link email's payload states; anything unreadable is the original one, the public link's. */
export const linkEmailReasonOf = (payload: string | null): LinkEmailReason => {
  if (payload === null) return 'self-registration';
  try {
    const parsed = LinkEmailReason.safeParse((JSON.parse(payload) as { reason?: unknown } | null)?.reason);
    return parsed.success ? parsed.data : 'self-registration';
  } catch {
    return 'self-registration';
  }
};
