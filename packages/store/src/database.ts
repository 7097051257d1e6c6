import type { InvitationStatus, JobKind, JobStatus, KeyRole, ReportStatus } from '@assay/domain';
import type { Generated, Insertable, Selectable } from 'kysely';

/** Instants are epoch milliseconds in every table; flags are 0/1 integers; JSON is text. */
export interface OrgsTable {
  id: Generated<number>;
  name: string;
  email: string;
  time_zone_id: number;
  created_at: number;
  /** 1: callbacks use the documented sample's keys with trailing spaces (decision 46). */
  callback_trailing_spaces: Generated<number>;
  /** What its candidate pages say about it; null: not chosen (019). */
  display_name: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_url: string | null;
  /** 1: a registration that leaves out `sendEmail` emails the candidate (migration 041, decision 815). */
  send_email_by_default: Generated<number>;
  /** Retention periods in days (migration 043, decisions 849, 850); null keeps. New orgs get the column defaults. */
  retention_ended_days: Generated<number | null>;
  retention_media_days: Generated<number | null>;
  retention_unstarted_days: Generated<number | null>;
}

export interface ApiKeysTable {
  id: Generated<number>;
  org_id: number;
  key_hash: string;
  prefix: string;
  /** A `KeyRole`; `admin` for every key issued before roles existed. */
  role: Generated<KeyRole>;
  /** Set on every key (its prefix when issued without one); null only in the migration's instant. */
  label: string | null;
  created_at: number;
  revoked_at: number | null;
  /** Its person (migration 040 gave every earlier key one of its own); null only in the migration's instant. */
  person_id: number | null;
}

/** A person of an org, who holds API keys (issue 50, decision 771). */
export interface PeopleTable {
  id: Generated<number>;
  org_id: number;
  /** Null for the unnamed person migration 040 made for an earlier key: its label names it. */
  name: string | null;
  email: string | null;
  /** A `KeyRole`: the role their keys act with unless issued narrower (decision 772). */
  role: Generated<KeyRole>;
  created_at: number;
  deactivated_at: number | null;
  /** The key migration 040 made the person for; null for people added since. */
  first_key_id: number | null;
}

export interface TestsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  access_key: string;
  duration: number;
  question_count: number;
  total_marks: number;
  status: string;
  definition: string;
  created_at: number;
  /** 1, 2, 3… among the org's tests, in import order (migration 011). */
  org_position: number;
  /** Its default reminder hours as JSON (migration 032); null: the service default. */
  reminder_hours: string | null;
  /** Its settings as JSON of the domain's `TestSettings` (migration 044); null: the defaults (`defaultTestSettingsOf`). */
  settings: string | null;
}

export interface SectionsTable {
  id: Generated<number>;
  test_id: number;
  position: number;
  name: string;
  section_type: string;
  duration: number;
  question_count: number;
  total_marks: number;
  /** Questions drawn per candidate; null: all of them (migration 035). */
  draw: number | null;
  /** 1 when each candidate gets the section's questions in an order of their own (migration 035). */
  shuffle_questions: Generated<number>;
  /** 1 when each candidate gets every choice question's options in an order of their own (migration 035). */
  shuffle_options: Generated<number>;
}

export interface QuestionsTable {
  id: Generated<number>;
  test_id: number;
  section_id: number;
  position: number;
  kind: string;
  marks: number;
  negative_marks: number;
  body: string;
}

export interface TestLinksTable {
  id: Generated<number>;
  org_id: number;
  test_id: number;
  name: string;
  access_key: string;
  access_time: number;
  start_date_time: string | null;
  end_date_time: string | null;
  time_zone_id: number;
  invite_only: number;
  image_proctoring: number;
  email_to_stakeholder: string | null;
  status: number;
  /** Its reminder hours as JSON (migration 032); null: the test's. */
  reminder_hours: string | null;
  created_at: number;
  updated_at: number;
}

export interface CandidatesTable {
  id: Generated<number>;
  org_id: number;
  test_id: number;
  email_key: string;
  email: string;
  full_name: string;
  callback_url: string | null;
  redirect_url: string | null;
  /** Where the opt-in "submitted" event goes (migration 028); null sends none. */
  submitted_callback_url: string | null;
  /** When the candidate followed a reminder's unsubscribe link (migration 032): no reminder for this test again. */
  reminders_unsubscribed_at: number | null;
  /** v3's invite (migration 047): JSON array of addresses told of each completion besides the link's; null: none. */
  stakeholder_emails: Generated<string | null>;
  /** v3's `hideInstruction` (migration 047): 1 leaves the rules list and the practice question off the landing. */
  hide_instructions: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface InvitationsTable {
  id: Generated<number>;
  org_id: number;
  test_id: number;
  candidate_id: number;
  test_link_id: number | null;
  attempt_no: number;
  previous_invitation_id: number | null;
  token: string;
  status: InvitationStatus;
  report_status: ReportStatus;
  score: number;
  time_taken: number;
  window_violations: number;
  time_violation_seconds: number;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  deadline_at: number | null;
  left_at: number | null;
  /** 1 while the absence since `left_at` began with the page unloading (not counted unless it lasts). */
  left_on_unload: number;
  /** The candidate's accommodation: extra time as a percentage of the test's duration (0-100). */
  extra_time_percent: Generated<number>;
  /** The generation of signed report links honoured; revoking the invitation's links adds one (migration 016). */
  report_link_generation: Generated<number>;
  /** What the attempt's variant is computed from, written with its start; null before it (migration 035). */
  variant_seed: number | null;
  /** The invitation's own expiry (migration 032); null: none. */
  expires_at: number | null;
  /** The front that made it (migration 044): 'v2' or 'v3' (`InvitationInterface`). */
  interface: Generated<string>;
  /** Why the attempt ended (migration 044, `AttemptEndReason`); null while it runs or for attempts ended before. */
  end_reason: string | null;
  /** Image violations counted in the attempt (migration 046, decision 971). */
  image_violations: Generated<number>;
  /** Which limit ended a terminated attempt (migration 046): 'window' or 'image'; null otherwise. */
  terminated_by: string | null;
}

export interface AnswersTable {
  invitation_id: number;
  question_id: number;
  /** JSON array of option indexes, or null for coding answers. */
  option_ids: string | null;
  code: string | null;
  /** The language of a coding answer; null for choice answers and for code saved before answers had one. */
  language: string | null;
  /** A short_answer or free_text answer (migration 022); null for the other types. */
  text: string | null;
  saved_at: number;
}

/** An answer of a scored attempt that waits for a person (migration 022): the review queue's rows. */
export interface ReviewItemsTable {
  invitation_id: number;
  question_id: number;
  created_at: number;
}

/** Every grade a person gave a written answer (migration 024); the current one has no `superseded_at`. */
export interface GradesTable {
  id: Generated<number>;
  invitation_id: number;
  question_id: number;
  marks: number;
  /** JSON array of { criterion, marks }, or null. */
  criteria: string | null;
  comment: string | null;
  /** The API key that graded (`api_keys.id`). */
  key_id: number;
  graded_at: number;
  /** When a regrade (or a new scoring of the attempt) replaced it; null for the current grade. */
  superseded_at: number | null;
  /** Its number among the grades of its answer (migration 037): what the bound keeps and drops by. */
  seq: number;
}

export interface SnapshotsTable {
  id: Generated<number>;
  invitation_id: number;
  taken_at: number;
  media_type: string;
  data: Buffer;
}

export interface EvidenceReviewsTable {
  id: Generated<number>;
  invitation_id: number;
  event_id: string;
  outcome: string;
  note: string;
  key_id: number;
  reviewed_at: number;
  /** Its number among the reviews of its evidence (migration 037): what the bound keeps and drops by. */
  seq: number;
}

/** What scoring kept of a coding answer to compare it later (migration 033). */
export interface AnswerFingerprintsTable {
  id: Generated<number>;
  org_id: number;
  question_id: number;
  invitation_id: number;
  family: string;
  hashes: Buffer;
  prints: string;
  created_at: number;
}

/** A pair of answers to one question at or above the similarity threshold (migration 033): left the later one. */
export interface SimilarityPairsTable {
  id: Generated<number>;
  org_id: number;
  question_id: number;
  left_invitation_id: number;
  right_invitation_id: number;
  score: number;
  regions: string;
  found_at: number;
}

export interface InvitationHistoryTable {
  id: Generated<number>;
  invitation_id: number;
  at: number;
  kind: string;
  actor: string;
  key_id: number | null;
  details: string;
  count: number;
  last_at: number;
  /** Its number among the invitation's entries of its kind (migration 037): what the bound keeps and drops by. */
  seq: number;
}

/** One export of a test's report (Excel): its invitations' histories read it back (migration 036). */
export interface TestExportsTable {
  id: Generated<number>;
  org_id: number;
  test_id: number;
  format: string;
  actor: string;
  key_id: number | null;
  at: number;
}

export interface AttemptEventsTable {
  id: Generated<number>;
  invitation_id: number;
  /** `left`, `returned`, `unload` or `section`. */
  kind: string;
  at: number;
  section_id: number | null;
  /** The event's number in its attempt's stream (departures or section views), from 0 in arrival order. */
  seq: number;
}

export interface QuestionResultsTable {
  invitation_id: number;
  question_id: number;
  marks: number;
  /** JSON array of booleans, one per hidden test, for coding answers that ran. */
  cases: string | null;
}

/**
 * A scored attempt's question results as one text (migration 021), `questionId:marks:cases` joined by `;` (cases as
 * in question_results, empty when none ran): what the Excel export reads instead of grouping the rows.
 */
export interface AttemptResultsTable {
  invitation_id: number;
  results: string;
  /** Each coding question's answer facts as scoring decided them (migration 027); null where none were stored. */
  coding: string | null;
}

export interface SampleRunsTable {
  invitation_id: number;
  question_id: number;
  runs: number;
}

/** Per attempt and question, what the page reported (migration 034; domain: question-signals.ts). */
export interface QuestionSignalsTable {
  invitation_id: number;
  question_id: number;
  time_ms: number;
  in_view_since: number | null;
  first_viewed_at: number | null;
  first_keystroke_at: number | null;
  pastes: number;
  pasted_chars: number;
  insertions: number;
  events: string;
}

/** Per attempt and coding question, its code's history as timed diffs (migration 034; domain: code-playback.ts). */
export interface CodePlaybackTable {
  invitation_id: number;
  question_id: number;
  frames: string;
}

export interface SectionResultsTable {
  invitation_id: number;
  section_id: number;
  score: number;
}

/** A test's scored attempts counted per score, kept by triggers (migration 020): what a report's standing sums. */
export interface TestScoreCountsTable {
  test_id: number;
  score: number;
  /** A bigint on PostgreSQL, which pg hands over as a string. */
  count: number | string;
}

export type { JobKind, JobStatus } from '@assay/domain';

export interface JobsTable {
  id: Generated<number>;
  org_id: number;
  invitation_id: number | null;
  kind: JobKind;
  /** The callback URL or the email address. */
  target: string;
  /** Stable across retries: the `webhook-id` of a callback. */
  message_id: string;
  /** Set for messages whose body is fixed when queued (test events); others are built at delivery. */
  payload: string | null;
  status: JobStatus;
  attempts: number;
  run_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  /** The process holding the lease (`instance-liveness.ts`): a dead one's lease is taken over at once. Null before migration 018. */
  lease_instance: string | null;
  /** A scoring job: the languages its answers are in, a JSON array (migration 038); null when it runs no code. */
  languages: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface DeliveriesTable {
  id: Generated<number>;
  job_id: number;
  attempted_at: number;
  outcome: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

export interface WebhookSecretsTable {
  id: Generated<number>;
  org_id: number;
  secret: string;
  created_at: number;
  /** Set when rotated out: still used for signing until then, so receivers can switch without a gap. */
  expires_at: number | null;
}

/** The credentials Greenhouse issued to an org for its PATCH "test completed" (migration 030). */
export interface GreenhouseSettingsTable {
  org_id: number;
  callback_username: string;
  callback_password: string;
  updated_at: number;
}

/** One Greenhouse interview: an (org, application, test), the invitation it stands for, its PATCH URL (migration 030). */
export interface GreenhouseInterviewsTable {
  id: Generated<number>;
  org_id: number;
  application_id: string;
  test_id: number;
  invitation_id: number;
  callback_url: string;
  created_at: number;
  updated_at: number;
}

export interface ServiceSettingsTable {
  key: string;
  value: string;
}

/** A fixed window of one rate-limited key (an API key, a client address…): hits so far and when it ends. */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  reset_at: number;
}

/** One Idempotency-Key of a scope (an org, or the admin API); `status_code` is null while the first request runs. */
export interface IdempotencyKeysTable {
  scope: string;
  /** As the server chooses to store it (Assay's server: a hash, never the key itself). */
  key: string;
  /** Hash of the first request's method, path and canonical body. */
  fingerprint: string;
  /** Random token of the request holding the claim, so only it completes or releases the key. */
  owner: string;
  /** The server process of that request (`instance-liveness.ts`); null on claims stored before migration 015. */
  instance: string | null;
  status_code: number | null;
  /** The kept response, as the server chooses to store it (Assay's server: sealed, since it can hold secrets). */
  response_body: string | null;
  created_at: number;
  locked_until: number;
  expires_at: number;
}

/** A bulk invitation job (migration 031): one per org, test and file. */
export interface BulkInvitationJobsTable {
  id: Generated<number>;
  org_id: number;
  test_id: number;
  /** sha256 of the domain's `bulkFileKeyText`: the same file sent again finds this job. */
  file_key: string;
  /** The API key that sent the file: the invitations' history names it. */
  key_id: number | null;
  total: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** One row of a bulk file: as checked, and its outcome once decided (null while waiting for the worker). */
export interface BulkInvitationRowsTable {
  job_id: number;
  row_no: number;
  email: string;
  full_name: string | null;
  extra_time_percent: number | null;
  link_expires_at: number | null;
  outcome: 'invited' | 'alreadyInvited' | 'refused' | null;
  reason: string | null;
  invitation_id: number | null;
}

/** One reminder or expiry note claimed for an invitation (migration 032): the unique key that makes it at-most-once. */
export interface InvitationRemindersTable {
  invitation_id: number;
  /** `reminder:48h`, `expired` (`reminderKey`, `EXPIRY_NOTE_KEY`). */
  reminder_key: string;
  /** The outbox job that sends it; null: claimed as skipped. */
  job_id: number | null;
  created_at: number;
}

export interface Database {
  orgs: OrgsTable;
  api_keys: ApiKeysTable;
  people: PeopleTable;
  tests: TestsTable;
  sections: SectionsTable;
  questions: QuestionsTable;
  test_links: TestLinksTable;
  candidates: CandidatesTable;
  invitations: InvitationsTable;
  section_results: SectionResultsTable;
  test_score_counts: TestScoreCountsTable;
  attempt_events: AttemptEventsTable;
  question_results: QuestionResultsTable;
  attempt_results: AttemptResultsTable;
  sample_runs: SampleRunsTable;
  question_signals: QuestionSignalsTable;
  code_playback: CodePlaybackTable;
  answers: AnswersTable;
  review_items: ReviewItemsTable;
  grades: GradesTable;
  snapshots: SnapshotsTable;
  jobs: JobsTable;
  deliveries: DeliveriesTable;
  webhook_secrets: WebhookSecretsTable;
  service_settings: ServiceSettingsTable;
  rate_limit_counters: RateLimitCountersTable;
  idempotency_keys: IdempotencyKeysTable;
  evidence_reviews: EvidenceReviewsTable;
  invitation_history: InvitationHistoryTable;
  test_exports: TestExportsTable;
  greenhouse_settings: GreenhouseSettingsTable;
  greenhouse_interviews: GreenhouseInterviewsTable;
  answer_fingerprints: AnswerFingerprintsTable;
  similarity_pairs: SimilarityPairsTable;
  bulk_invitation_jobs: BulkInvitationJobsTable;
  bulk_invitation_rows: BulkInvitationRowsTable;
  invitation_reminders: InvitationRemindersTable;
  sandbox_workers: SandboxWorkersTable;
  candidate_decisions: CandidateDecisionsTable;
  candidate_tags: CandidateTagsTable;
  candidate_notes: CandidateNotesTable;
  candidate_ratings: CandidateRatingsTable;
  erasures: ErasuresTable;
  candidate_feedback: CandidateFeedbackTable;
}

/** One erasure of candidates' personal data (migration 042): its scope and invitations by id, never the data. */
export interface ErasuresTable {
  id: Generated<number>;
  org_id: number;
  at: number;
  /** Who erased: a key's label and id, or `retention` for the sweep. */
  by: string;
  /** `email`, `invitation` or `retention`. */
  scope: string;
  /** How many invitations this erasure erased (those erased before not counted). */
  invitations: number;
  /** JSON array of the invitation ids it erased. */
  invitation_ids: string;
}

/** The decision standing on an invitation (migration 039); decision null: cleared. */
export interface CandidateDecisionsTable {
  invitation_id: number;
  org_id: number;
  decision: string | null;
  reason: string | null;
  key_id: number;
  decided_at: number;
}

export interface CandidateTagsTable {
  invitation_id: number;
  tag: string;
}

export interface CandidateNotesTable {
  id: Generated<number>;
  invitation_id: number;
  key_id: number;
  text: string;
  created_at: number;
  edited_at: number | null;
}

export interface CandidateRatingsTable {
  invitation_id: number;
  key_id: number;
  rating: number;
  rated_at: number;
}

/** The candidate's feedback on a test, one row per attempt (migration 045); erasure nulls `text`. */
export interface CandidateFeedbackTable {
  invitation_id: number;
  attempt_started_at: number;
  /** 1 to 5, or null when only text was given. */
  rating: number | null;
  text: string | null;
  given_at: number;
}

/** A process with a sandbox and the languages it runs (migration 038); it counts while its instance lives. */
export interface SandboxWorkersTable {
  instance_id: string;
  /** JSON array of language ids. */
  languages: string;
  declared_at: number;
}

export type JobRow = Selectable<JobsTable>;

export type OrgRow = Selectable<OrgsTable>;
export type TestRow = Selectable<TestsTable>;
export type SectionRow = Selectable<SectionsTable>;
export type TestLinkRow = Selectable<TestLinksTable>;
export type CandidateRow = Selectable<CandidatesTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type NewQuestion = Insertable<QuestionsTable>;
export type QuestionRow = Selectable<QuestionsTable>;
