import { sql } from 'kysely';
import { shownScore, type InvitationStatus, type ReportStatus } from '@assay/domain';

// The columns an invitation's report is read from: by the report routes, a test's export and the invitation list.

/**
 * The row of the test version an invitation's attempt takes (issue 62 item 4): the one it started on, else its test's
 * current one (a seek on the test's primary key, only for an attempt not started).
 */
export const versionTestIdOfInvitation = sql<number>`coalesce(invitations.version_test_id, (select coalesce(vt.current_version_id, vt.id) from tests vt where vt.id = invitations.test_id))`;

/** An invitation's own report columns: what changes from row to row of a test's export. */
export const invitationColumns = [
  'invitations.id as invitationId',
  'invitations.test_id as testId',
  versionTestIdOfInvitation.as('contentId'),
  'invitations.status as status',
  'invitations.report_status as reportStatus',
  'invitations.score as score',
  'invitations.time_taken as timeTaken',
  'invitations.window_violations as wv',
  'invitations.time_violation_seconds as tv',
  'invitations.started_at as startedAt',
  'invitations.variant_seed as variantSeed',
  'invitations.end_reason as endReason',
  'invitations.image_violations as iv',
  'invitations.terminated_by as terminatedBy',
  'invitations.camera_gap_seconds as cameraGapSeconds',
  'candidates.email as email',
  'candidates.full_name as fullName',
] as const;

/**
 * What a provisional score is read from (decision 649): the answers awaiting a grader (a seek on review_items' key) and,
 * only for an attempt with any, the marks so far (the machine's and the grades', a seek on question_results' key).
 */
export const scoreSoFarColumns = [
  sql<number | string>`(select count(*) from review_items where review_items.invitation_id = invitations.id)`.as('awaiting'),
  sql<number | null>`(case when exists (select 1 from review_items where review_items.invitation_id = invitations.id)
    then (select coalesce(sum(question_results.marks), 0) from question_results where question_results.invitation_id = invitations.id) end)`.as('soFar'),
] as const;

/** The score a row shows: PostgreSQL hands count(*) over as text and sums as numbers, and the sum is rounded as scores are. */
export const shownOfRow = (row: { status: string; reportStatus: string; score: number; awaiting: number | string; soFar: number | string | null }) => {
  const awaitingReview = Number(row.awaiting);
  const shown = shownScore({
    testStatus: row.status as InvitationStatus,
    reportStatus: row.reportStatus as ReportStatus,
    score: Number(row.score),
    scoreSoFar: Math.round(Number(row.soFar ?? 0) * 100) / 100,
    awaitingReview,
  });
  return { shown, awaitingReview };
};

/** What only the workbook shows of an invitation (decision 820): its accommodation, its link and its earlier attempt. */
export const workbookColumns = [
  'invitations.extra_time_percent as extraTimePercent',
  'invitations.test_link_id as testLinkId',
  'test_links.name as testLinkName',
  'invitations.previous_invitation_id as previousInvitationId',
  // The assistant's use and the follow-ups asked (issue 60, decision 1261): null for an attempt without an AI snapshot.
  sql<number | string | null>`(case when invitations.ai_snapshot is not null
    then (select count(*) from assistant_messages where assistant_messages.invitation_id = invitations.id) end)`.as('assistantMessages'),
  sql<number | string | null>`(case when invitations.ai_snapshot is not null
    then (select coalesce(sum(assistant_insertions.chars), 0) from assistant_insertions where assistant_insertions.invitation_id = invitations.id) end)`.as(
    'assistantInsertedChars',
  ),
  sql<number | string | null>`(case when invitations.ai_snapshot is not null
    then (select count(*) from follow_ups where follow_ups.invitation_id = invitations.id) end)`.as('followUps'),
] as const;

export type WorkbookColumns = {
  extraTimePercent: number;
  testLinkId: number | null;
  testLinkName: string | null;
  previousInvitationId: number | null;
  assistantMessages: number | string | null;
  assistantInsertedChars: number | string | null;
  followUps: number | string | null;
};

/** PostgreSQL hands count(*) and sums over as text. */
const countOf = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The workbook's AI columns of a row read with `workbookColumns` (decision 1261). */
export const aiUseOfRow = (row: WorkbookColumns): AiUseColumns => ({
  assistantMessages: countOf(row.assistantMessages),
  assistantInsertedChars: countOf(row.assistantInsertedChars),
  followUps: countOf(row.followUps),
});

/** The assistant's messages, the characters inserted from its replies, and the follow-ups asked; null without an AI snapshot. */
export interface AiUseColumns {
  assistantMessages: number | null;
  assistantInsertedChars: number | null;
  followUps: number | null;
}

/** An invitation's report columns with its test's, joined (PostgreSQL: a round trip costs more than the join). */
export const reportColumns = [
  ...invitationColumns,
  'tests.name as testName',
  'tests.duration as duration',
  'tests.question_count as questions',
  'tests.total_marks as totalMarks',
] as const;

/** A row read with `invitationColumns` and `scoreSoFarColumns`. */
export type InvitationReportRow = {
  invitationId: number;
  testId: number;
  /** The row of its test version (`versionTestIdOfInvitation`). */
  contentId: number;
  status: string;
  reportStatus: string;
  score: number;
  timeTaken: number;
  wv: number;
  tv: number;
  startedAt: number | null;
  variantSeed: number | null;
  endReason: string | null;
  iv: number;
  terminatedBy: string | null;
  cameraGapSeconds: number | null;
  email: string;
  fullName: string;
  awaiting: number | string;
  soFar: number | string | null;
};
