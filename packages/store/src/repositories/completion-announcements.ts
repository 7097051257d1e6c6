import type { Kysely, Transaction } from 'kysely';
import { TestSettings, completionStakeholders, type JobKind } from '@assay/domain';
import { LanguageId } from '@assay/domain/languages';
import type { Database, InvitationRow } from '../database.js';
import { insertJob } from './job-inserts.js';
import { stakeholderEmailsOf } from './v3-invite-options.js';

/**
 * A completion's callback and email are due once its scoring released them (`releaseWaiting`), so no worker leases
 * an announcement whose report is not generated yet (with N workers, another worker's would otherwise meet a pending
 * report and wait); if the scoring never releases them (it died), they look for themselves after this long.
 */
export const ANNOUNCEMENT_HOLD_MS = 5 * 60 * 1000;
const ANNOUNCEMENT_KINDS: readonly JobKind[] = ['callback', 'email', 'greenhouse_patch'];

/** The payload of an `email` job to the candidate, their own score summary (decision 932); the stakeholder's has none. */
export const CANDIDATE_REPORT_PAYLOAD = JSON.stringify({ audience: 'candidate' });

/** Whether the test asks for the candidate's summary: its stored settings say so (never set: the defaults, off). */
const sendsCandidateReport = (settings: string | null): boolean =>
  settings !== null && TestSettings.parse(JSON.parse(settings)).emailSettings.sendTestReportEmailToCandidate;

/** `jobs.enqueueCompletion`: a completion's jobs, queued in the transaction that completes the attempt. */
export const enqueueCompletionJobs = async (trx: Transaction<Database>, invitation: InvitationRow, now: number): Promise<void> => {
  const candidate = await trx
    .selectFrom('candidates')
    .select(['callback_url', 'email', 'stakeholder_emails'])
    .where('id', '=', invitation.candidate_id)
    .executeTakeFirstOrThrow();
  const test = await trx.selectFrom('tests').select('settings').where('id', '=', invitation.test_id).executeTakeFirstOrThrow();
  const link =
    invitation.test_link_id === null
      ? undefined
      : await trx.selectFrom('test_links').select('email_to_stakeholder').where('id', '=', invitation.test_link_id).executeTakeFirst();
  const base = { orgId: invitation.org_id, invitationId: invitation.id };
  // The languages of its coding answers (an answer saved without one is in a WebAssembly language, run everywhere).
  const answered = await trx
    .selectFrom('answers')
    .select('language')
    .distinct()
    .where('invitation_id', '=', invitation.id)
    .where('code', 'is not', null)
    .where('language', 'is not', null)
    .execute();
  const languages = LanguageId.options.filter((language) => answered.some((row) => row.language === language));
  await insertJob(trx, { ...base, kind: 'score', target: 'report', languages }, now);
  if (candidate.callback_url) await insertJob(trx, { ...base, kind: 'callback', target: candidate.callback_url }, now, now + ANNOUNCEMENT_HOLD_MS);
  // The link's stakeholder and a v3 invite's (decision 985), each address told once.
  for (const stakeholder of completionStakeholders(link?.email_to_stakeholder ?? null, stakeholderEmailsOf(candidate.stakeholder_emails))) {
    await insertJob(trx, { ...base, kind: 'email', target: stakeholder }, now, now + ANNOUNCEMENT_HOLD_MS);
  }
  if (sendsCandidateReport(test.settings)) {
    await insertJob(trx, { ...base, kind: 'email', target: candidate.email, payload: CANDIDATE_REPORT_PAYLOAD }, now, now + ANNOUNCEMENT_HOLD_MS);
  }
  const interviews = await trx.selectFrom('greenhouse_interviews').select('callback_url').where('invitation_id', '=', invitation.id).orderBy('id').execute();
  for (const interview of interviews) {
    await insertJob(trx, { ...base, kind: 'greenhouse_patch', target: interview.callback_url }, now, now + ANNOUNCEMENT_HOLD_MS);
  }
};

/**
 * Makes an invitation's waiting announcements (completion callback, stakeholder email) due now: `jobs.releaseWaiting`,
 * on a transaction another repository holds (the last grade releases them in the transaction that makes the score final).
 */
export const releaseWaitingOn = async (db: Kysely<Database>, invitationId: number, now: number): Promise<void> => {
  await db
    .updateTable('jobs')
    .set({ run_at: now, updated_at: now })
    .where('invitation_id', '=', invitationId)
    .where('status', '=', 'pending')
    .where('kind', 'in', ANNOUNCEMENT_KINDS)
    .where('attempts', '=', 0)
    .where('run_at', '>', now)
    .where('lease_owner', 'is', null)
    .execute();
};
