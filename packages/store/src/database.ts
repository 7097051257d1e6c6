import type { Insertable, Selectable } from 'kysely';
import type { ApiKeysTable, IdempotencyKeysTable, OrgsTable, PeopleTable, RateLimitCountersTable, ServiceSettingsTable } from './tables/accounts.js';
import type { QuestionExposuresTable, QuestionsTable, SectionsTable, TestLinksTable, TestsTable } from './tables/tests.js';
import type {
  CandidateDecisionsTable,
  CandidateFeedbackTable,
  CandidateNotesTable,
  CandidateRatingsTable,
  CandidatesTable,
  CandidateTagsTable,
  ErasuresTable,
  InvitationHistoryTable,
  InvitationRemindersTable,
  InvitationsTable,
} from './tables/candidates.js';
import type {
  AnswerFingerprintsTable,
  AnswersTable,
  AttemptEventsTable,
  AttemptResultsTable,
  CodePlaybackTable,
  AiUseFindingsTable,
  EvidenceReviewsTable,
  GradesTable,
  QuestionResultsTable,
  QuestionSignalsTable,
  ReviewItemsTable,
  SampleRunsTable,
  SectionResultsTable,
  SimilarityPairsTable,
  SnapshotsTable,
  TestScoreCountsTable,
} from './tables/attempts.js';
import type {
  BulkInvitationJobsTable,
  BulkInvitationRowsTable,
  DeliveriesTable,
  GreenhouseInterviewsTable,
  GreenhouseSettingsTable,
  JobsTable,
  OutboxEmailsTable,
  WebhookSecretsTable,
} from './tables/delivery.js';
import type { SandboxWorkersTable, TestExportsTable } from './tables/operations.js';
import type { AssistantInsertionsTable, AssistantMessagesTable } from './tables/assistant.js';
import type { AiChecksTable } from './tables/ai-checks.js';
import type { FollowUpsTable } from './tables/follow-ups.js';
import type { ReportSharesTable } from './tables/report-shares.js';
import type { TestPreviewsTable } from './tables/test-previews.js';

// The schema as Kysely sees it: each table's interface lives with its area under tables/ (instants, flags and JSON: see OrgsTable).
export type { JobKind, JobStatus } from '@assay/domain';

export interface Database {
  orgs: OrgsTable;
  api_keys: ApiKeysTable;
  people: PeopleTable;
  tests: TestsTable;
  sections: SectionsTable;
  question_exposures: QuestionExposuresTable;
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
  assistant_messages: AssistantMessagesTable;
  ai_checks: AiChecksTable;
  follow_ups: FollowUpsTable;
  report_shares: ReportSharesTable;
  test_previews: TestPreviewsTable;
  assistant_insertions: AssistantInsertionsTable;
  ai_use_findings: AiUseFindingsTable;
  answers: AnswersTable;
  review_items: ReviewItemsTable;
  grades: GradesTable;
  snapshots: SnapshotsTable;
  jobs: JobsTable;
  deliveries: DeliveriesTable;
  outbox_emails: OutboxEmailsTable;
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

export type JobRow = Selectable<JobsTable>;

export type OrgRow = Selectable<OrgsTable>;
export type TestRow = Selectable<TestsTable>;
export type SectionRow = Selectable<SectionsTable>;
export type TestLinkRow = Selectable<TestLinksTable>;
export type CandidateRow = Selectable<CandidatesTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type NewQuestion = Insertable<QuestionsTable>;
export type QuestionRow = Selectable<QuestionsTable>;
