import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { DeliveryKind, type Job, type JobKind, type LinkEmailReason } from '@assay/domain';
import { LanguageId } from '@assay/domain/languages';
import type { Database, InvitationRow } from '../database.js';
import type { InstanceLiveness } from '../engine/instance-liveness.js';
import { toJob } from './records.js';
import { recordHistory } from './invitation-history.js';
import { inTransaction } from '../engine/transaction-steps.js';
import { ERASED_TARGET } from './erasure-writes.js';
import { enqueueCompletionJobs, releaseWaitingOn } from './completion-announcements.js';
import { insertJob, type NewJob } from './job-inserts.js';

export interface DeliveryRecord {
  attemptedAt: number;
  outcome: string;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** Files mode: the `.eml` file the email was written to (its name), recorded for its invitation (decision 1000). */
  outboxFile?: string | undefined;
}

/** Jobs that deliver something to someone outside (and so have a delivery log and can be redelivered). */
export const DELIVERY_KINDS: readonly DeliveryKind[] = DeliveryKind.options;

/** However often someone registers an address again, its owner gets at most one link email in this time. */
export const LINK_EMAIL_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The outbox. Jobs are inserted in the transaction of the change they announce, leased by workers
 * (`FOR UPDATE SKIP LOCKED` on PostgreSQL; SQLite serializes writers) and finished only by their leaseholder.
 */
export class JobsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly liveness: InstanceLiveness,
  ) {}

  enqueue(trx: Transaction<Database> | Kysely<Database>, job: NewJob, now: number, runAt = now): Promise<Job> {
    return insertJob(trx, job, now, runAt);
  }

  /** A job that announces no change of its own (a test event): queued in this repository's database or transaction. */
  add(job: NewJob, now: number): Promise<Job> {
    return this.enqueue(this.db, job, now);
  }

  /**
   * A completion's jobs: scoring, and held until it releases them, a callback when a URL was registered, an email for
   * the stakeholder, the candidate's own summary when the test's settings ask for it, and a PATCH "test completed" to each Greenhouse interview the invitation stands for (one per
   * application that sent this test to this candidate).
   */
  enqueueCompletion(trx: Transaction<Database>, invitation: InvitationRow, now: number): Promise<void> {
    return enqueueCompletionJobs(trx, invitation, now);
  }

  /** Whether Assay ever queued an email of this invitation's link to its candidate (a reattempt follows it: decision 781). */
  async linkEmailed(invitationId: number): Promise<boolean> {
    const row = await this.db.selectFrom('jobs').select('id').where('invitation_id', '=', invitationId).where('kind', '=', 'link_email').executeTakeFirst();
    return row !== undefined;
  }

  /** When each email of this invitation's link was queued, for Resend's limits (decision 813). */
  async linkEmailTimes(invitationId: number, since: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select('created_at')
      .where('invitation_id', '=', invitationId)
      .where('kind', '=', 'link_email')
      .where('created_at', '>', since)
      .execute();
    return rows.map((row) => Number(row.created_at));
  }

  /**
   * Emails a candidate their existing link, unless one went to them within LINK_EMAIL_INTERVAL_MS (a mail bomb otherwise).
   * `reason` says why they get it (`LinkEmailReason`): a public link's registration by default, or Greenhouse's send_test.
   */
  async enqueueLinkEmail(
    invitation: { id: number; orgId: number; candidateId: number },
    now: number,
    reason: LinkEmailReason = 'self-registration',
  ): Promise<boolean> {
    const recent = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('invitation_id', '=', invitation.id)
      .where('kind', '=', 'link_email')
      .where('created_at', '>', now - LINK_EMAIL_INTERVAL_MS)
      .executeTakeFirst();
    if (recent) return false;
    const candidate = await this.db.selectFrom('candidates').select('email').where('id', '=', invitation.candidateId).executeTakeFirstOrThrow();
    const payload = reason === 'self-registration' ? {} : { payload: JSON.stringify({ reason }) };
    await this.enqueue(this.db, { orgId: invitation.orgId, invitationId: invitation.id, kind: 'link_email', target: candidate.email, ...payload }, now);
    return true;
  }

  /**
   * Takes up to `limit` due jobs (of these `kinds`, or any) for `owner` until `now + leaseMs`; an expired lease, or one
   * held by a process that is gone (`instance-liveness.ts`: killed, however), is taken over. Workers lease scoring apart
   * from deliveries, each up to what they can run now, so that N workers share the scoring instead of the first holding
   * what it cannot start. With `runs` (the languages this process's sandbox runs), a job that needs another language is
   * left for a process that runs it (it waits while none lives).
   */
  async lease(owner: string, now: number, leaseMs: number, limit: number, kinds?: readonly JobKind[], runs?: readonly LanguageId[]): Promise<Job[]> {
    if (limit <= 0 || kinds?.length === 0) return [];
    await this.liveness.register();
    const dead = await this.deadLeaseInstances(now);
    const due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'pending')
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now), ...(dead.length > 0 ? [eb('lease_instance', 'in', dead)] : [])]))
      .$if(kinds !== undefined, (query) => query.where('kind', 'in', kinds!))
      // The JSON array holds each id quoted, so `"java"` never matches inside another id.
      .$if(runs !== undefined, (query) =>
        LanguageId.options
          .filter((language) => !runs!.includes(language))
          .reduce((narrowed, language) => narrowed.where((eb) => eb.or([eb('languages', 'is', null), eb('languages', 'not like', `%"${language}"%`)])), query),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit)
      // Two processes that both found an instance dead: the second re-reads the row the first leased and skips it.
      .$if(this.dialect === 'postgres', (query) => query.forUpdate().skipLocked());
    const rows = await this.db
      .updateTable('jobs')
      .set({ lease_owner: owner, lease_until: now + leaseMs, lease_instance: this.liveness.id, updated_at: now })
      .where('id', 'in', due)
      .returningAll()
      .execute();
    return rows.map(toJob);
  }

  /** The other processes holding unexpired leases that no longer live: few (one per process), each asked once. */
  private async deadLeaseInstances(now: number): Promise<string[]> {
    const holders = await this.db
      .selectFrom('jobs')
      .select('lease_instance')
      .distinct()
      .where('status', '=', 'pending')
      .where('lease_until', '>=', now)
      .where('lease_instance', 'is not', null)
      .where('lease_instance', '<>', this.liveness.id)
      .execute();
    const instances = holders.map((row) => row.lease_instance!);
    const alive = await Promise.all(instances.map((instance) => this.liveness.isAlive(instance)));
    return instances.filter((_, index) => !alive[index]);
  }

  /** Logs a delivery attempt and, for an invitation's email or callback, its history entry, in one transaction. */
  async recordDelivery(jobId: number, record: DeliveryRecord): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('deliveries')
        .values({
          job_id: jobId,
          attempted_at: record.attemptedAt,
          outcome: record.outcome,
          status_code: record.statusCode,
          latency_ms: record.latencyMs,
          error: record.error,
        })
        .execute();
      const job = await trx.selectFrom('jobs').select(['kind', 'org_id', 'invitation_id']).where('id', '=', jobId).executeTakeFirst();
      if (!job || job.invitation_id === null || job.kind === 'score') return;
      if (record.outboxFile !== undefined) {
        await trx
          .insertInto('outbox_emails')
          .values({ org_id: job.org_id, invitation_id: job.invitation_id, job_id: jobId, file_name: record.outboxFile, written_at: record.attemptedAt })
          .execute();
      }
      const channel = job.kind === 'callback' ? 'callback' : job.kind === 'greenhouse_patch' ? 'greenhouse' : 'email';
      const details = { channel, jobId, outcome: record.outcome, statusCode: record.statusCode } as const;
      await recordHistory(trx, job.invitation_id, { kind: 'delivery', details }, 'system', record.attemptedAt);
    });
  }

  /** Ends a job (delivered, gone or dead), if `owner` still holds its lease. */
  async finish(job: Job, owner: string, status: 'delivered' | 'gone' | 'dead', now: number, error: string | null = null): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status, attempts: job.attempts + 1, lease_owner: null, lease_until: null, lease_instance: null, last_error: error, updated_at: now })
      .where('id', '=', job.id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Schedules the next try. `countAttempt` false: waiting for something else (a report), not a failure. */
  async retryAt(job: Job, owner: string, runAt: number, now: number, error: string | null, countAttempt = true): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        run_at: runAt,
        attempts: countAttempt ? job.attempts + 1 : job.attempts,
        lease_owner: null,
        lease_until: null,
        lease_instance: null,
        last_error: error,
        updated_at: now,
      })
      .where('id', '=', job.id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Sends a callback or email again, under its own message id so receivers can dedupe. Internal jobs
   * (scoring) are not deliveries: they are not found here. A manual redelivery starts a fresh automatic
   * retry schedule (`attempts` counts toward the schedule; the delivery log keeps every attempt).
   */
  async redeliver(orgId: number, jobId: number, now: number): Promise<Job | undefined> {
    const job = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', '=', jobId)
      .where('kind', 'in', DELIVERY_KINDS)
      // An erased invitation's delivery is sent no more (decision 842): it answers like a missing one.
      .where('target', '!=', ERASED_TARGET)
      .executeTakeFirst();
    if (!job) return undefined;
    const fresh = { status: 'pending', run_at: now, attempts: 0, lease_owner: null, lease_until: null, lease_instance: null, updated_at: now } as const;
    await this.db.updateTable('jobs').set(fresh).where('id', '=', job.id).execute();
    return { ...toJob(job), status: 'pending', runAt: now, attempts: 0, leaseOwner: null, leaseUntil: null, updatedAt: now };
  }

  /** The callbacks and emails of an invitation (not its scoring), each with every delivery attempt. */
  async ofInvitation(orgId: number, invitationId: number): Promise<(Job & { kind: DeliveryKind; deliveries: DeliveryRecord[] })[]> {
    const jobs = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('invitation_id', '=', invitationId)
      .where('kind', 'in', DELIVERY_KINDS)
      .orderBy('id')
      .execute();
    if (jobs.length === 0) return [];
    const deliveries = await this.db
      .selectFrom('deliveries')
      .selectAll()
      .where(
        'job_id',
        'in',
        jobs.map((job) => job.id),
      )
      .orderBy('id')
      .execute();
    return jobs.map((job) => ({
      ...toJob(job),
      kind: job.kind as DeliveryKind,
      deliveries: deliveries
        .filter((delivery) => delivery.job_id === job.id)
        .map((delivery) => ({
          attemptedAt: delivery.attempted_at,
          outcome: delivery.outcome,
          statusCode: delivery.status_code,
          latencyMs: delivery.latency_ms,
          error: delivery.error,
        })),
    }));
  }

  /**
   * A completion's announcements held for its report (ANNOUNCEMENT_HOLD_MS) are due as soon as scoring generated it.
   * Only ones never tried: a callback waiting out a retry after a failed delivery keeps its schedule.
   */
  async releaseWaiting(invitationId: number, now: number): Promise<void> {
    await releaseWaitingOn(this.db, invitationId, now);
  }

  async find(jobId: number): Promise<Job | undefined> {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
    return row && toJob(row);
  }
}
