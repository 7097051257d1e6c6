import {
  acceptBulkFileSize,
  bulkFileKeyText,
  bulkJobProgress,
  checkBulkRows,
  type BulkInvitationJob,
  type BulkInvitationRowResult,
  type RawBulkRow,
} from '@assay/domain';
import { bulkFileKey, type BulkJobRow, type BulkRowRow, type KeyOwner, type Store } from '@assay/store';
import { found, unwrap } from '../refusal-error.js';

const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());

const rowAnswer = (row: BulkRowRow): BulkInvitationRowResult => ({
  row: row.row_no,
  email: row.email,
  outcome: row.outcome ?? 'pending',
  ...(row.reason === null ? {} : { reason: row.reason }),
  ...(row.invitation_id === null ? {} : { testInvitationId: row.invitation_id }),
});

/** A job as answered: its counts and the domain's progress, and the rows asked for. */
export const bulkJobAnswer = async (store: Store, job: BulkJobRow, which: 'all' | 'refused' | 'none', resubmitted: boolean): Promise<BulkInvitationJob> => {
  const [counts, rows] = await Promise.all([store.bulkInvitations.counts(job.id), store.bulkInvitations.rows(job.id, which)]);
  const progress = bulkJobProgress({ total: job.total, ...counts, started: job.started_at !== null });
  return {
    jobId: job.id,
    testId: job.test_id,
    state: progress.state,
    total: job.total,
    ...counts,
    pending: progress.pending,
    percent: progress.percent,
    resubmitted,
    createdAt: iso(job.created_at)!,
    finishedAt: progress.state === 'finished' ? iso(job.finished_at ?? job.created_at) : null,
    ...(which === 'none' ? {} : { rows: rows.map(rowAnswer) }),
  };
};

/**
 * A bulk file received: refused whole for its size, else checked row by row by the domain, and stored as a job (or
 * the job of the same file found) for the worker. The answer is the job as it stands, refused rows already decided.
 */
export const submitBulkFile = async (store: Store, key: KeyOwner, testId: number, rows: readonly RawBulkRow[], now: number): Promise<BulkInvitationJob> => {
  unwrap(acceptBulkFileSize(rows));
  const test = found(await store.tests.find(key.orgId, testId), '404.2', `No test ${testId}.`);
  const fileKey = bulkFileKey(bulkFileKeyText(key.orgId, test.id, rows));
  const { jobId, resubmitted } = await store.bulkInvitations.submit(
    { orgId: key.orgId, testId: test.id, keyId: key.keyId, fileKey, rows: checkBulkRows(rows, now) },
    now,
  );
  const job = (await store.bulkInvitations.find(key.orgId, jobId))!;
  return bulkJobAnswer(store, job, 'none', resubmitted);
};
