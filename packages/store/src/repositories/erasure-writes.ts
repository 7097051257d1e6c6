import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database.js';
import { newInvitationToken } from './random-keys.js';

/** What an erased candidate is called wherever a name is shown (decision 839). */
export const ERASED_NAME = 'Erased candidate';
/** An erased invitation's candidate key: unique per invitation, and how a second erasure knows it is done. */
export const ERASED_KEY_PREFIX = 'erased:';
/** A well-formed address that no one can receive (RFC 2606's `.invalid`), where a schema wants an email. */
export const erasedEmail = (invitationId: number): string => `erased-${invitationId}@erased.invalid`;

/** What an erased invitation's deliveries name as their target: nothing to redeliver to (decision 842). */
export const ERASED_TARGET = 'erased';

/**
 * Every table an erasure writes to (`eraseRows`, `eraseBulkRowsOf`, the kept answers): on PostgreSQL their old row
 * versions hold the erased values until their files are rewritten (`vacuumErasedTables`, decision 1002).
 */
export const ERASED_DATA_TABLES = [
  'candidates',
  'invitations',
  'answers',
  'snapshots',
  'code_playback',
  'question_signals',
  'ai_use_findings',
  'answer_fingerprints',
  'similarity_pairs',
  'grades',
  'evidence_reviews',
  'candidate_notes',
  'candidate_decisions',
  'candidate_feedback',
  'assistant_messages',
  'follow_ups',
  'invitation_history',
  'greenhouse_interviews',
  'jobs',
  'deliveries',
  'bulk_invitation_rows',
  'idempotency_keys',
  // Revoked at an erasure (decision 1439): its rows name the invitation, so its old versions go too.
  'report_shares',
] as const satisfies readonly (keyof Database)[];

/** Kinds whose job is a delivery to someone outside; scoring jobs carry nothing personal and keep the report moving. */
const DELIVERY_JOB_KINDS = ['callback', 'email', 'link_email', 'greenhouse_patch', 'reminder', 'reminder_expired', 'decision_email'] as const;

/**
 * Each erased invitation gets a candidate row of its own ("Erased candidate", decision 839), so a retake of the same
 * address that is not erased keeps its own; the old row goes when no invitation is left on it.
 */
const detachCandidates = async (trx: Transaction<Database>, rows: readonly ErasedRow[], now: number): Promise<void> => {
  for (const row of rows) {
    const made = await trx
      .insertInto('candidates')
      .values({
        org_id: row.orgId,
        test_id: row.testId,
        email_key: `${ERASED_KEY_PREFIX}${row.id}`,
        email: erasedEmail(row.id),
        full_name: ERASED_NAME,
        callback_url: null,
        redirect_url: null,
        submitted_callback_url: null,
        reminders_unsubscribed_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A new take-test token and a new report-link generation: the person's old links open nothing (decision 840).
    await trx
      .updateTable('invitations')
      .set((eb) => ({ candidate_id: made.id, token: newInvitationToken(), report_link_generation: eb('report_link_generation', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
  }
  const former = [...new Set(rows.map((row) => row.candidateId))];
  await trx
    .deleteFrom('candidates')
    .where('id', 'in', former)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('invitations').select('invitations.id').whereRef('invitations.candidate_id', '=', 'candidates.id'))))
    .execute();
};

/** History entries whose details hold free text (a decision's reason, Greenhouse's error words) lose that text. */
const redactHistory = async (trx: Transaction<Database>, ids: readonly number[]): Promise<void> => {
  const entries = await trx
    .selectFrom('invitation_history')
    .select(['id', 'kind', 'details'])
    .where('invitation_id', 'in', ids)
    .where('kind', 'in', ['decided', 'greenhouse-error'])
    .execute();
  for (const entry of entries) {
    const details = JSON.parse(entry.details) as Record<string, unknown>;
    const redacted = entry.kind === 'decided' ? { ...details, reason: null } : { ...details, errors: [] };
    await trx
      .updateTable('invitation_history')
      .set({ details: JSON.stringify(redacted) })
      .where('id', '=', entry.id)
      .execute();
  }
};

export interface ErasedRow {
  readonly id: number;
  readonly orgId: number;
  readonly testId: number;
  readonly candidateId: number;
}

/**
 * Removes what identifies the person behind `rows` (one org's invitations, none erased before) and keeps what
 * statistics need: statuses, scores, marks, counts, timings and choices stay; names, addresses, written answers,
 * code, images, notes and free text go (the table of docs/data-protection.md "Erasure").
 */
export const eraseRows = async (trx: Transaction<Database>, rows: readonly ErasedRow[], now: number): Promise<void> => {
  const ids = rows.map((row) => row.id);
  await detachCandidates(trx, rows, now);
  await trx.updateTable('answers').set({ code: null, text: null, drafts: null }).where('invitation_id', 'in', ids).execute();
  await trx.deleteFrom('snapshots').where('invitation_id', 'in', ids).execute();
  await trx.deleteFrom('code_playback').where('invitation_id', 'in', ids).execute();
  // Pastes by instant and size, windows of typing (how the person typed) and what the AI-use rules made of them go; the times per question stay.
  await trx.updateTable('question_signals').set({ events: '[]', typing: null }).where('invitation_id', 'in', ids).execute();
  await trx.deleteFrom('ai_use_findings').where('invitation_id', 'in', ids).execute();
  await trx.deleteFrom('answer_fingerprints').where('invitation_id', 'in', ids).execute();
  // A pair shows both answers' code: the other candidate's report loses the pair rather than show erased code (decision 841).
  await trx
    .deleteFrom('similarity_pairs')
    .where((eb) => eb.or([eb('left_invitation_id', 'in', ids), eb('right_invitation_id', 'in', ids)]))
    .execute();
  await trx.updateTable('grades').set({ comment: null }).where('invitation_id', 'in', ids).execute();
  await trx.updateTable('evidence_reviews').set({ note: '' }).where('invitation_id', 'in', ids).execute();
  await trx.deleteFrom('candidate_notes').where('invitation_id', 'in', ids).execute();
  await trx.updateTable('candidate_decisions').set({ reason: null }).where('invitation_id', 'in', ids).execute();
  // The candidate's own words go; the rating stays for the test's statistics (decision 967).
  await trx.updateTable('candidate_feedback').set({ text: null }).where('invitation_id', 'in', ids).execute();
  // The assistant's transcript loses its words; states, tokens, models and insertions stay for statistics (decision 1170).
  await trx.updateTable('assistant_messages').set({ message: '', reply: null, failure: null }).where('invitation_id', 'in', ids).execute();
  // Follow-ups lose their words (a template quotes the candidate's line) and answers; marks and times stay (decision 1229).
  await trx.updateTable('follow_ups').set({ text: '', answer: '' }).where('invitation_id', 'in', ids).execute();
  // A shared link would open what is left of the report to whoever holds it: every share of it is revoked (decision 1439).
  await trx.updateTable('report_shares').set({ revoked_at: now }).where('invitation_id', 'in', ids).where('revoked_at', 'is', null).execute();
  await redactHistory(trx, ids);
  await trx.deleteFrom('greenhouse_interviews').where('invitation_id', 'in', ids).execute();
  // Deliveries not yet made are not made; those made keep their outcome, without target, body or error (decision 842).
  await trx.deleteFrom('jobs').where('invitation_id', 'in', ids).where('kind', 'in', DELIVERY_JOB_KINDS).where('status', '=', 'pending').execute();
  const delivered = trx.selectFrom('jobs').select('id').where('invitation_id', 'in', ids).where('kind', 'in', DELIVERY_JOB_KINDS);
  await trx.updateTable('deliveries').set({ error: null }).where('job_id', 'in', delivered).execute();
  await trx
    .updateTable('jobs')
    .set({ target: ERASED_TARGET, payload: null, last_error: null })
    .where('invitation_id', 'in', ids)
    .where('kind', 'in', DELIVERY_JOB_KINDS)
    .execute();
  for (const id of ids) {
    await trx
      .updateTable('bulk_invitation_rows')
      .set({ email: erasedEmail(id), full_name: null, reason: null })
      .where('invitation_id', '=', id)
      .execute();
  }
};

/** A bulk row without an invitation, erased: an address no one can receive, unique per row. */
export const erasedRowEmail = (jobId: number, rowNo: number): string => `erased-row-${jobId}-${rowNo}@erased.invalid`;

/** What an erased row not read yet says instead of its outcome: the worker skips it (it invites only rows without one). */
export const ERASED_ROW_REASON = 'Erased before it was read.';

/** The org's bulk rows without an invitation that name the address (as registration keys it: trimmed, lower case). */
export const bulkRowsNaming = (db: Kysely<Database>, orgId: number, emailKey: string) =>
  db
    .selectFrom('bulk_invitation_rows')
    .innerJoin('bulk_invitation_jobs', 'bulk_invitation_jobs.id', 'bulk_invitation_rows.job_id')
    .select(['bulk_invitation_rows.job_id as jobId', 'bulk_invitation_rows.row_no as rowNo', 'bulk_invitation_rows.outcome as outcome'])
    .where('bulk_invitation_jobs.org_id', '=', orgId)
    .where('bulk_invitation_rows.invitation_id', 'is', null)
    .where((eb) => eb(eb.fn('lower', [eb.fn('trim', ['bulk_invitation_rows.email'])]), '=', emailKey));

/**
 * Bulk rows that never became an invitation (refused, or not read yet) keep the address and name of the file: an
 * erasure by address erases them too (decision 1003) — address and name replaced, the reason dropped, and a row not
 * read yet refused so it is never invited. Answers how many.
 */
export const eraseBulkRowsOf = async (trx: Transaction<Database>, orgId: number, emailKey: string): Promise<number> => {
  const rows = await bulkRowsNaming(trx, orgId, emailKey).execute();
  for (const row of rows) {
    await trx
      .updateTable('bulk_invitation_rows')
      .set({
        email: erasedRowEmail(Number(row.jobId), Number(row.rowNo)),
        full_name: null,
        ...(row.outcome === null ? { outcome: 'refused' as const, reason: ERASED_ROW_REASON } : { reason: null }),
      })
      .where('job_id', '=', row.jobId)
      .where('row_no', '=', row.rowNo)
      .where('invitation_id', 'is', null)
      .execute();
  }
  return rows.length;
};
