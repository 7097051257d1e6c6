import { takeTestUrl, type PersonalBulkRow, type PersonalCandidate, type PersonalInvitation } from '@assay/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { originOf } from './integration-urls.js';
import { iso, isoOrNull, readEvidence } from './personal-data-evidence.js';
import { readAssistant } from './personal-data-assistant.js';
import { versionTestIdOfInvitation } from './report-columns.js';

/** What the store holds about one email address in one org; the server adds the outbox and the document's frame. */
export interface StoredPersonalData {
  readonly candidates: PersonalCandidate[];
  readonly invitations: PersonalInvitation[];
  readonly bulkInvitationRows: PersonalBulkRow[];
  readonly snapshotsOmitted: number;
}

export interface PersonalDataOptions {
  /** ASSAY_PUBLIC_URL: each invitation's take-test URL is under it. */
  readonly publicUrl: string;
  /** Bytes of snapshot images the document carries at most (decision 877); the rest are listed without data. */
  readonly imageBudgetBytes: number;
}

/**
 * Access (issue 51 item 3, GDPR Art. 15): everything an org holds about one email address, found by the address's
 * key (`normalizeEmail`) among the org's candidates and bulk rows. Only the org's rows are read (every query below
 * starts from `org_id`), so another org's candidate with the same address is found exactly like an unknown one.
 */
export class PersonalDataRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Undefined when the org holds nothing under that address (the route's 404.52). */
  async ofEmail(orgId: number, emailKey: string, options: PersonalDataOptions): Promise<StoredPersonalData | undefined> {
    const candidates = await this.db.selectFrom('candidates').selectAll().where('org_id', '=', orgId).where('email_key', '=', emailKey).orderBy('id').execute();
    const bulkRows = await this.db
      .selectFrom('bulk_invitation_rows')
      .innerJoin('bulk_invitation_jobs', 'bulk_invitation_jobs.id', 'bulk_invitation_rows.job_id')
      .select([
        'bulk_invitation_rows.job_id',
        'bulk_invitation_rows.row_no',
        'bulk_invitation_rows.email',
        'bulk_invitation_rows.full_name',
        'bulk_invitation_rows.outcome',
        'bulk_invitation_rows.reason',
        'bulk_invitation_rows.invitation_id',
      ])
      .where('bulk_invitation_jobs.org_id', '=', orgId)
      // Rows keep the address as the file spelled it: matched the way registration keys it.
      .where((eb) => eb(eb.fn('lower', [eb.fn('trim', ['bulk_invitation_rows.email'])]), '=', emailKey))
      .orderBy('bulk_invitation_rows.job_id')
      .orderBy('bulk_invitation_rows.row_no')
      .execute();
    if (candidates.length === 0 && bulkRows.length === 0) return undefined;

    const invitations = candidates.length
      ? await this.db
          .selectFrom('invitations')
          // Each attempt under the name of the version it took, a pending one under the test's current name.
          .innerJoin('tests', (join) => join.on('tests.id', '=', versionTestIdOfInvitation))
          .selectAll('invitations')
          .select('tests.name as test_name')
          .where('invitations.org_id', '=', orgId)
          .where(
            'invitations.candidate_id',
            'in',
            candidates.map((candidate) => candidate.id),
          )
          .orderBy('invitations.id')
          .execute()
      : [];
    const budget = { remaining: options.imageBudgetBytes, omitted: 0 };
    const evidence = await readEvidence(
      this.db,
      invitations.map((invitation) => Number(invitation.id)),
      budget,
    );
    const assistant = await readAssistant(
      this.db,
      invitations.map((invitation) => ({ id: Number(invitation.id), aiSnapshot: invitation.ai_snapshot })),
    );

    return {
      candidates: candidates.map((row) => ({
        candidateId: Number(row.id),
        testId: Number(row.test_id),
        emailId: row.email,
        fullName: row.full_name,
        // Integrators' URLs by their origin only (decision 1006): their paths and queries often hold a secret.
        callbackOrigin: row.callback_url === null ? null : originOf(row.callback_url),
        redirectURL: row.redirect_url,
        submittedCallbackOrigin: row.submitted_callback_url === null ? null : originOf(row.submitted_callback_url),
        remindersUnsubscribedAt: isoOrNull(row.reminders_unsubscribed_at),
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
      })),
      invitations: invitations.map((row) => ({
        testInvitationId: Number(row.id),
        candidateId: Number(row.candidate_id),
        testId: Number(row.test_id),
        testName: row.test_name,
        testLinkId: row.test_link_id === null ? null : Number(row.test_link_id),
        attemptNo: Number(row.attempt_no),
        previousTestInvitationId: row.previous_invitation_id === null ? null : Number(row.previous_invitation_id),
        status: row.status,
        reportStatus: row.report_status,
        takeTestURL: takeTestUrl(options.publicUrl, row.token),
        score: Number(row.score),
        timeTaken: Number(row.time_taken),
        windowViolations: Number(row.window_violations),
        imageViolations: Number(row.image_violations),
        timeViolationSeconds: Number(row.time_violation_seconds),
        extraTimePercent: Number(row.extra_time_percent),
        createdAt: iso(row.created_at),
        startedAt: isoOrNull(row.started_at),
        completedAt: isoOrNull(row.completed_at),
        cancelledAt: isoOrNull(row.cancelled_at),
        deadlineAt: isoOrNull(row.deadline_at),
        expiresAt: isoOrNull(row.expires_at),
        ...evidence.get(Number(row.id))!,
        assistant: assistant.get(Number(row.id))!,
      })),
      bulkInvitationRows: bulkRows.map((row) => ({
        bulkJobId: Number(row.job_id),
        rowNo: Number(row.row_no),
        emailId: row.email,
        fullName: row.full_name,
        outcome: row.outcome,
        reason: row.reason,
        testInvitationId: row.invitation_id === null ? null : Number(row.invitation_id),
      })),
      snapshotsOmitted: budget.omitted,
    };
  }
}
