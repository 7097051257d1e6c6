import { invitationEmailRunAt, type HistoryActor, type Job } from '@assay/domain';
import { registerCandidate, type BulkRowResult, type BulkRowRow, type Store } from '@assay/store';
import type { JobHandler } from '../outbox-worker.js';

export interface BulkInviteDeps {
  store: Store;
  now: () => number;
}

/** Rows read, registered and recorded together: one transaction of outcomes and emails per chunk. */
export const BULK_CHUNK_ROWS = 500;

/** Registrations in flight at once: SQLite commits them in groups, PostgreSQL serves them on its pool. */
export const BULK_REGISTRATION_CONCURRENCY = 16;

/** Runs `work` on every item, at most `limit` at a time, answers in the items' order. */
const mapLimited = async <Item, Answer>(items: readonly Item[], limit: number, work: (item: Item) => Promise<Answer>): Promise<Answer[]> => {
  const answers = new Array<Answer>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return answers;
};

/**
 * A bulk file's rows registered as 4.7 registers one (`registerCandidate`: the same rules, its created entry written in the registration's transaction, `via: 'bulk'`),
 * chunk by chunk: each chunk's outcomes and its new candidates' invitation emails are recorded in one transaction,
 * the emails due at the domain's pace (`invitationEmailRunAt`). A row already registered is answered as it is and
 * gets no email. A failure (the database away) leaves the job to the outbox's retries, which go on from the first
 * row without an outcome.
 */
export const bulkInviteHandler =
  (deps: BulkInviteDeps): JobHandler =>
  async (job: Job) => {
    const { store, now } = deps;
    const bulk = await store.bulkInvitations.start(Number(job.target), now());
    if (!bulk) return { kind: 'dead', error: `bulk invitation job ${job.target} no longer exists` };
    const by: HistoryActor = bulk.key_id === null ? 'system' : { keyId: bulk.key_id };
    const startAt = now();
    let emailsQueued = 0;
    for (;;) {
      const rows = await store.bulkInvitations.waiting(bulk.id, BULK_CHUNK_ROWS);
      if (rows.length === 0) break;
      const registered = await mapLimited(rows, BULK_REGISTRATION_CONCURRENCY, async (row: BulkRowRow) => {
        const { created, invitation } = await registerCandidate(
          store,
          {
            orgId: bulk.org_id,
            testId: bulk.test_id,
            testLinkId: null,
            emailId: row.email,
            fullName: row.full_name ?? '',
            callbackURL: undefined,
            redirectURL: undefined,
            extraTimePercent: row.extra_time_percent ?? undefined,
          },
          now(),
          by,
          'bulk',
        );
        return { row, created, invitationId: invitation.id };
      });
      const results: BulkRowResult[] = registered.map(({ row, created, invitationId }) => ({
        row: row.row_no,
        outcome: created ? 'invited' : 'alreadyInvited',
        invitationId,
        expiresAt: row.link_expires_at ?? undefined,
      }));
      const emails = registered
        .filter(({ created }) => created)
        .map(({ row, invitationId }, index) => ({ invitationId, email: row.email, runAt: invitationEmailRunAt(emailsQueued + index, startAt) }));
      emailsQueued += emails.length;
      await store.bulkInvitations.record(bulk, results, emails, now());
    }
    await store.bulkInvitations.finish(bulk.id, now());
    return { kind: 'done' };
  };
