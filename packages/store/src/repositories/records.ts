import {
  AttemptRules,
  CodingLanguage,
  QuestionDefinition,
  parseStored,
  ReportSettings,
  type Answer,
  type Candidate,
  type AttemptEndReason,
  type Invitation,
  type InvitationInterface,
  type Job,
  type Org,
  type ProctoringCounters,
  type QuestionRecord,
  type SectionRecord,
  type SectionType,
  type TestRecord,
  type TestStatus,
  type ViolationKind,
} from '@assay/domain';
import type { CandidateRow, InvitationRow, JobRow, OrgRow, QuestionRow, SectionRow, TestRow } from '../database.js';
import type { AnswersTable } from '../tables/attempts.js';

/**
 * Rows become the domain's records here, at the store's edge: nothing above the store sees a column
 * name (snake_case, 0/1 flags, JSON text).
 */
export const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  orgId: row.org_id,
  testId: row.test_id,
  candidateId: row.candidate_id,
  testLinkId: row.test_link_id,
  attemptNo: row.attempt_no,
  previousInvitationId: row.previous_invitation_id,
  token: row.token,
  status: row.status,
  reportStatus: row.report_status,
  score: row.score,
  timeTaken: row.time_taken,
  proctoring: { wv: row.window_violations, tv: row.time_violation_seconds, leftAt: row.left_at, unloading: row.left_on_unload === 1 },
  startedAt: row.started_at,
  deadline: row.deadline_at,
  completedAt: row.completed_at,
  cancelledAt: row.cancelled_at,
  extraTimePercent: row.extra_time_percent,
  reportLinkGeneration: row.report_link_generation,
  variantSeed: row.variant_seed,
  expiresAt: row.expires_at,
  opensAt: row.opens_at,
  interface: row.interface as InvitationInterface,
  endReason: row.end_reason as AttemptEndReason | null,
  imageViolations: row.image_violations,
  terminatedBy: row.terminated_by as ViolationKind | null,
  rules: row.attempt_rules === null ? null : parseStored(AttemptRules, JSON.parse(row.attempt_rules)),
  cameraCoverage:
    row.camera_photos === null || row.camera_gap_seconds === null ? null : { photos: row.camera_photos, longestGapSeconds: row.camera_gap_seconds },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The columns that store proctoring counters. */
export const proctoringColumns = (counters: ProctoringCounters) => ({
  window_violations: counters.wv,
  time_violation_seconds: counters.tv,
  left_at: counters.leftAt,
  left_on_unload: counters.unloading ? 1 : 0,
});

export const toOrg = (row: OrgRow): Org => ({
  id: row.id,
  name: row.name,
  email: row.email,
  timeZoneId: row.time_zone_id,
  callbackTrailingSpaces: row.callback_trailing_spaces === 1,
  displayName: row.display_name,
  contactName: row.contact_name,
  contactEmail: row.contact_email,
  contactUrl: row.contact_url,
  createdAt: row.created_at,
});

export const toCandidate = (row: CandidateRow): Candidate => ({
  id: row.id,
  orgId: row.org_id,
  testId: row.test_id,
  email: row.email,
  fullName: row.full_name,
  callbackUrl: row.callback_url,
  redirectUrl: row.redirect_url,
  hideInstructions: row.hide_instructions === 1,
});

export const toJob = (row: JobRow): Job => ({
  id: row.id,
  orgId: row.org_id,
  invitationId: row.invitation_id,
  kind: row.kind,
  target: row.target,
  messageId: row.message_id,
  payload: row.payload,
  status: row.status,
  attempts: row.attempts,
  runAt: row.run_at,
  leaseOwner: row.lease_owner,
  leaseUntil: row.lease_until,
  lastError: row.last_error,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toTestRecord = (row: TestRow): TestRecord => {
  const definition = JSON.parse(row.definition) as { description?: string; report?: unknown };
  return {
    id: row.lineage_id ?? row.id,
    contentId: row.id,
    version: row.version,
    orgId: row.org_id,
    name: row.name,
    description: definition.description ?? '',
    duration: row.duration,
    questionCount: row.question_count,
    status: row.status as TestStatus,
    // Tests imported before report settings existed have none: the defaults.
    reportSettings: parseStored(ReportSettings, definition.report ?? {}),
  };
};

export const toSectionRecord = (row: SectionRow): SectionRecord => ({
  id: row.id,
  position: row.position,
  name: row.name,
  sectionType: row.section_type as SectionType,
  duration: row.duration,
  questionCount: row.question_count,
  // A section without any pool setting has no pool: its candidates are asked every question as authored.
  ...(row.draw === null && row.shuffle_questions === 0 && row.shuffle_options === 0
    ? {}
    : {
        pool: {
          draw: row.draw,
          shuffleQuestions: row.shuffle_questions === 1,
          shuffleOptions: row.shuffle_options === 1,
          ...(row.exposure_cap === null ? {} : { exposureCap: Number(row.exposure_cap) }),
        },
      }),
});

/**
 * Definitions were validated on import; parsing again keeps a hand-edited row from reaching scoring unchecked.
 * Text imported before control characters were refused is read as it is shown (`parseStored`), never a failure.
 */
export const toQuestionRecord = (row: QuestionRow): QuestionRecord => ({
  id: row.id,
  sectionId: row.section_id,
  definition: parseStored(QuestionDefinition, JSON.parse(row.body)),
});

/** A stored answer's language when it is one Assay knows (older answers carry none). */
export const isCodingLanguage = (value: string | null): value is CodingLanguage => CodingLanguage.safeParse(value).success;

/** A stored answer as the candidate gave it: chosen options, a written text, or code (with its language when known). */
export const toAnswer = (row: Pick<AnswersTable, 'option_ids' | 'text' | 'code' | 'language'> & Partial<Pick<AnswersTable, 'drafts'>>): Answer =>
  row.option_ids !== null
    ? { optionIds: JSON.parse(row.option_ids) as number[] }
    : row.text !== null
      ? { text: row.text }
      : {
          code: row.code ?? '',
          ...(isCodingLanguage(row.language) ? { language: row.language } : {}),
          ...(row.drafts ? { drafts: draftsOf(row.drafts) } : {}),
        };

/** Stored drafts (migration 051) by language; a language this build does not know, or text that is not an object, is left out. */
const draftsOf = (stored: string): Answer['drafts'] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return {};
  }
  if (parsed === null || typeof parsed !== 'object') return {};
  return Object.fromEntries(Object.entries(parsed).filter(([language, code]) => isCodingLanguage(language) && typeof code === 'string'));
};
