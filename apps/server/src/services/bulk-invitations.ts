import {
  IdParam,
  acceptBulkFileSize,
  bulkFileKeyText,
  bulkJobProgress,
  checkBulkRows,
  type BulkInvitationJob,
  type BulkInvitationRowResult,
  type RawBulkRow,
  type Refusal,
  unissuedPathIdRefusal,
} from '@assay/domain';
import { succeed, type SuccessEnvelope } from '@assay/domain/v2';
import { bulkFileKey, type BulkJobRow, type BulkRowRow, type KeyOwner, type Repositories, type Store } from '@assay/store';
import type { FastifyReply, preParsingAsyncHookHandler } from 'fastify';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { RefusalError, found, unwrap } from '../refusal-error.js';

const notFound = (testId: number): Refusal => ({ kind: 'test-not-found', message: `No test ${testId}.` });

const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());

const rowAnswer = (row: BulkRowRow): BulkInvitationRowResult => ({
  row: row.row_no,
  email: row.email,
  outcome: row.outcome ?? 'pending',
  ...(row.reason === null ? {} : { reason: row.reason }),
  ...(row.invitation_id === null ? {} : { testInvitationId: row.invitation_id }),
});

/** A job as answered: its counts and the domain's progress, and the rows asked for. */
export const bulkJobAnswer = async (
  store: Pick<Repositories, 'bulkInvitations'>,
  job: BulkJobRow,
  which: 'all' | 'refused' | 'none',
  resubmitted: boolean,
): Promise<BulkInvitationJob> => {
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
 * Under an Idempotency-Key the job and the kept answer commit together (`answerWithEffect`, decision 491): a replay
 * answers the first answer byte for byte, where the file's own key alone would answer the job as it stands now.
 */
export const submitBulkFile = (
  reply: FastifyReply,
  store: Store,
  key: KeyOwner,
  testId: number,
  rows: readonly RawBulkRow[],
  now: number,
): Promise<SuccessEnvelope<BulkInvitationJob>> => {
  unwrap(acceptBulkFileSize(rows));
  const effect = async (repositories: Repositories): Promise<BulkInvitationJob> => {
    const test = found(await repositories.tests.find(key.orgId, testId), 'test-not-found', notFound(testId).message);
    const fileKey = bulkFileKey(bulkFileKeyText(key.orgId, test.id, rows));
    const { jobId, resubmitted } = await repositories.bulkInvitations.submit(
      { orgId: key.orgId, testId: test.id, keyId: key.keyId, fileKey, rows: checkBulkRows(rows, now) },
      now,
    );
    const job = (await repositories.bulkInvitations.find(key.orgId, jobId))!;
    return bulkJobAnswer(repositories, job, 'none', resubmitted);
  };
  return answerWithEffect(reply, store, effect, succeed);
};

/**
 * The test a bulk file is for, looked up before a byte of the file is read (decision 630): a missing test, or another
 * org's, answers 404.2 at once, however large the body on its way. It runs after the key and its role are checked
 * (onRequest). The handler looks the test up again in the job's transaction; an id the validation will refuse is
 * left to it.
 */
export const requireTestBeforeBody =
  (store: Store): preParsingAsyncHookHandler =>
  async (request, _reply, payload) => {
    const params = request.params as { testId?: string };
    const testId = IdParam.safeParse(params.testId);
    const refused =
      unissuedPathIdRefusal(params) ?? (testId.success && !(await store.tests.find(request.org.orgId, testId.data)) ? notFound(testId.data) : undefined);
    if (!refused) return payload;
    // Answered now; Node lets the unread body through, unparsed, and keeps the connection for the client's next request.
    throw new RefusalError(refused);
  };
