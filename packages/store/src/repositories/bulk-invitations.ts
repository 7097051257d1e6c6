import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { BulkRowCheck, BulkRowOutcome, LinkEmailReason } from '@assay/domain';
import type { Database } from '../database.js';
import type { BulkInvitationJobsTable, BulkInvitationRowsTable } from '../tables/delivery.js';
import { inTransaction } from '../engine/transaction-steps.js';
import { insertJob, insertJobs } from './job-inserts.js';

/** A bulk row's invitation email: its reason, so the email says the org invited them (`linkEmailReasonOf`). */
const BULK_LINK_EMAIL_PAYLOAD = JSON.stringify({ reason: 'bulk' satisfies LinkEmailReason });

export type BulkJobRow = Selectable<BulkInvitationJobsTable>;
export type BulkRowRow = Selectable<BulkInvitationRowsTable>;

/** sha256 of the domain's `bulkFileKeyText`: short, fixed-length, and the same for the same file (decision 482). */
export const bulkFileKey = (keyText: string): string => createHash('sha256').update(keyText).digest('hex');

export interface BulkSubmission {
  orgId: number;
  testId: number;
  keyId: number | null;
  fileKey: string;
  rows: readonly BulkRowCheck[];
}

export interface BulkJobCounts {
  invited: number;
  alreadyInvited: number;
  refused: number;
}

/** A row's outcome as the worker decided it. */
export interface BulkRowResult {
  row: number;
  outcome: BulkRowOutcome;
  reason?: string | undefined;
  invitationId?: number | undefined;
  /** The row's `linkExpiresAt`, given to the invitation the row created as its own expiry (decision 496). */
  expiresAt?: number | undefined;
}

/** Rows per INSERT: 9 columns × 500 stay under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/**
 * Bulk invitation jobs (issue 33, item 2): a file's rows stored as checked, worked through by the outbox's
 * `bulk_invite` job, and read back with their outcomes. Every read is scoped by the org.
 */
export class BulkInvitationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a checked file as a job and queues its work, in one transaction; the same file (same key) for the same org
   * and test answers its existing job instead (`resubmitted`), so a re-run invites nobody and queues nothing.
   */
  async submit(submission: BulkSubmission, now: number): Promise<{ jobId: number; resubmitted: boolean }> {
    return inTransaction(this.db, async (trx) => {
      const existing = await this.jobOfFile(trx, submission);
      if (existing) return { jobId: existing, resubmitted: true };
      const toRegister = submission.rows.filter((row) => row.ok).length;
      const inserted = await trx
        .insertInto('bulk_invitation_jobs')
        .values({
          org_id: submission.orgId,
          test_id: submission.testId,
          file_key: submission.fileKey,
          key_id: submission.keyId,
          total: submission.rows.length,
          created_at: now,
          started_at: null,
          finished_at: toRegister === 0 ? now : null,
        })
        .onConflict((conflict) => conflict.columns(['org_id', 'test_id', 'file_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // A concurrent submission of the same file stored it first: answer its job.
      if (!inserted) return { jobId: (await this.jobOfFile(trx, submission))!, resubmitted: true };
      const jobId = inserted.id;
      for (let start = 0; start < submission.rows.length; start += CHUNK) {
        await trx
          .insertInto('bulk_invitation_rows')
          .values(submission.rows.slice(start, start + CHUNK).map((checked) => rowValues(jobId, checked)))
          .execute();
      }
      if (toRegister > 0) await insertJob(trx, { orgId: submission.orgId, invitationId: null, kind: 'bulk_invite', target: String(jobId) }, now);
      return { jobId, resubmitted: false };
    });
  }

  private async jobOfFile(db: Kysely<Database>, { orgId, testId, fileKey }: BulkSubmission): Promise<number | undefined> {
    const row = await db
      .selectFrom('bulk_invitation_jobs')
      .select('id')
      .where('org_id', '=', orgId)
      .where('test_id', '=', testId)
      .where('file_key', '=', fileKey)
      .executeTakeFirst();
    return row?.id;
  }

  /** The job of this org (another org's id finds nothing, like a missing one). */
  find(orgId: number, jobId: number): Promise<BulkJobRow | undefined> {
    return this.db.selectFrom('bulk_invitation_jobs').selectAll().where('org_id', '=', orgId).where('id', '=', jobId).executeTakeFirst();
  }

  /** How many rows have each outcome so far. */
  async counts(jobId: number): Promise<BulkJobCounts> {
    const rows = await this.db
      .selectFrom('bulk_invitation_rows')
      .select((eb) => ['outcome', eb.fn.countAll<number>().as('count')])
      .where('job_id', '=', jobId)
      .where('outcome', 'is not', null)
      .groupBy('outcome')
      .execute();
    const countOf = (outcome: BulkRowOutcome) => Number(rows.find((row) => row.outcome === outcome)?.count ?? 0);
    return { invited: countOf('invited'), alreadyInvited: countOf('alreadyInvited'), refused: countOf('refused') };
  }

  /** The job's rows in file order: all, only the refused, or none. */
  rows(jobId: number, which: 'all' | 'refused' | 'none'): Promise<BulkRowRow[]> {
    if (which === 'none') return Promise.resolve([]);
    return this.db
      .selectFrom('bulk_invitation_rows')
      .selectAll()
      .where('job_id', '=', jobId)
      .$if(which === 'refused', (query) => query.where('outcome', '=', 'refused'))
      .orderBy('row_no')
      .execute();
  }

  /** The worker takes the job up: the job as stored (any org: the worker serves them all), marked started. */
  async start(jobId: number, now: number): Promise<BulkJobRow | undefined> {
    await this.db.updateTable('bulk_invitation_jobs').set({ started_at: now }).where('id', '=', jobId).where('started_at', 'is', null).execute();
    return this.db.selectFrom('bulk_invitation_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  }

  /** Rows still waiting for their outcome, in file order: a job taken over after a crash goes on where it stopped. */
  waiting(jobId: number, limit: number): Promise<BulkRowRow[]> {
    return this.db
      .selectFrom('bulk_invitation_rows')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('outcome', 'is', null)
      .orderBy('row_no')
      .limit(limit)
      .execute();
  }

  /**
   * A chunk's outcomes, the expiries its rows give the invitations they created, and its invitation emails (`link_email`
   * jobs, each due when the domain's pace says), in one transaction: a row has its outcome exactly when its email is
   * queued and its invitation its expiry.
   */
  async record(
    job: Pick<BulkJobRow, 'id' | 'org_id'>,
    results: readonly BulkRowResult[],
    emails: readonly { invitationId: number; email: string; runAt: number }[],
    now: number,
  ): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      for (const result of results) {
        await trx
          .updateTable('bulk_invitation_rows')
          .set({ outcome: result.outcome, reason: result.reason ?? null, invitation_id: result.invitationId ?? null })
          .where('job_id', '=', job.id)
          .where('row_no', '=', result.row)
          .execute();
        if (result.outcome === 'invited' && result.invitationId !== undefined && result.expiresAt !== undefined)
          await trx
            .updateTable('invitations')
            .set({ expires_at: result.expiresAt })
            .where('org_id', '=', job.org_id)
            .where('id', '=', result.invitationId)
            .execute();
      }
      await insertJobs(
        trx,
        emails.map((email) => ({
          orgId: job.org_id,
          invitationId: email.invitationId,
          kind: 'link_email' as const,
          target: email.email,
          runAt: email.runAt,
          // The email says the org invited them, and until when (issue 48, item 11).
          payload: BULK_LINK_EMAIL_PAYLOAD,
        })),
        now,
      );
    });
  }

  async finish(jobId: number, now: number): Promise<void> {
    await this.db.updateTable('bulk_invitation_jobs').set({ finished_at: now }).where('id', '=', jobId).where('finished_at', 'is', null).execute();
  }
}

const rowValues = (jobId: number, checked: BulkRowCheck) =>
  checked.ok
    ? {
        job_id: jobId,
        row_no: checked.value.row,
        email: checked.value.email,
        full_name: checked.value.name,
        extra_time_percent: checked.value.extraTimePercent ?? null,
        link_expires_at: checked.value.linkExpiresAt ?? null,
        outcome: null,
        reason: null,
        invitation_id: null,
      }
    : {
        job_id: jobId,
        row_no: checked.row,
        email: checked.email,
        full_name: null,
        extra_time_percent: null,
        link_expires_at: null,
        outcome: 'refused' as const,
        reason: checked.reason,
        invitation_id: null,
      };
