import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Job, JobKind } from '@assay/domain';
import type { LanguageId } from '@assay/domain/languages';
import type { Database } from '../database.js';
import { toJob } from './records.js';

export interface NewJob {
  orgId: number;
  invitationId: number | null;
  kind: JobKind;
  target: string;
  payload?: string;
  /** A scoring job: the languages its answers are in; only a process that runs them all leases it (migration 038). */
  languages?: readonly LanguageId[];
}

/** Standard Webhooks ids: `msg_` and 24 random bytes, fixed when the job is queued. */
const newMessageId = (): string => `msg_${randomBytes(18).toString('base64url')}`;

/** A job queued in `db` (a transaction another repository holds, or the database): `jobs.enqueue`. */
export const insertJob = async (db: Kysely<Database>, job: NewJob, now: number, runAt = now): Promise<Job> => {
  const row = await db
    .insertInto('jobs')
    .values({
      org_id: job.orgId,
      invitation_id: job.invitationId,
      kind: job.kind,
      target: job.target,
      message_id: newMessageId(),
      payload: job.payload ?? null,
      languages: job.languages === undefined ? null : JSON.stringify(job.languages),
      status: 'pending',
      attempts: 0,
      run_at: runAt,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toJob(row);
};

/** Many jobs in a few statements (a bulk file's invitation emails): nothing comes back, each has its own message id and due time. */
export const insertJobs = async (db: Kysely<Database>, jobs: readonly (NewJob & { runAt: number })[], now: number): Promise<void> => {
  const CHUNK = 500;
  for (let start = 0; start < jobs.length; start += CHUNK) {
    await db
      .insertInto('jobs')
      .values(
        jobs.slice(start, start + CHUNK).map((job) => ({
          org_id: job.orgId,
          invitation_id: job.invitationId,
          kind: job.kind,
          target: job.target,
          message_id: newMessageId(),
          payload: job.payload ?? null,
          status: 'pending',
          attempts: 0,
          run_at: job.runAt,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
};
