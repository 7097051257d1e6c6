// The assembly, and the schema it migrates.
export { openStore } from './store.js';
export type { OpenStoreOptions, Repositories, Store } from './store.js';
export { openScratchStore } from './scratch-store.js';
export type { ScratchBackend } from './scratch-store.js';
export type {
  CandidateRow,
  Database,
  InvitationRow,
  JobKind,
  JobRow,
  JobStatus,
  NewQuestion,
  OrgRow,
  QuestionRow,
  SectionRow,
  TestLinkRow,
  TestRow,
} from './database.js';
export type { ApiKeysTable, IdempotencyKeysTable, OrgsTable, PeopleTable, RateLimitCountersTable, ServiceSettingsTable } from './tables/accounts.js';
export type { QuestionsTable, SectionsTable, TestLinksTable, TestsTable } from './tables/tests.js';
export type {
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
export type {
  AnswerFingerprintsTable,
  AnswersTable,
  AttemptEventsTable,
  AttemptResultsTable,
  CodePlaybackTable,
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
export type {
  BulkInvitationJobsTable,
  BulkInvitationRowsTable,
  DeliveriesTable,
  GreenhouseInterviewsTable,
  GreenhouseSettingsTable,
  JobsTable,
  OutboxEmailsTable,
  WebhookSecretsTable,
} from './tables/delivery.js';
export type { SandboxWorkersTable, TestExportsTable } from './tables/operations.js';
export type { AssistantInsertionsTable, AssistantMessagesTable } from './tables/assistant.js';
export type { FollowUpsTable } from './tables/follow-ups.js';
export type { ReportSharesTable } from './tables/report-shares.js';
export type { TestPreviewsTable } from './tables/test-previews.js';
export { knownMigrations, migrateToLatest } from './migrate.js';
export type { MigrationLog } from './migrate.js';
export { DatabaseStartError, describeDatabase, openServiceStore } from './service-store.js';
export { backupSqlite, type SqliteBackup } from './sqlite-backup.js';
export { vacuumErasedTables, type VacuumedTable } from './erased-data-vacuum.js';
export { mayBeSchemaChange, NewerSchemaError, newerMigration, refuseNewerSchema } from './schema-version.js';
export { registerCandidate, registerSelf } from './register-candidate.js';
export type { CandidateRegistration } from './register-candidate.js';
// How it stores (engine/README.md).
export { connect, DEFAULT_BUSY_TIMEOUT_MS } from './engine/connect.js';
export type { Connection, ConnectOptions, Dialect } from './engine/connect.js';
export { isDatabaseUnavailable } from './engine/database-unavailable.js';
export { INSTANCE_ID, newInstanceId, processLocalLiveness } from './engine/instance-liveness.js';
export type { InstanceLiveness } from './engine/instance-liveness.js';
// What it stores (repositories/README.md).
export { ApiKeysRepository } from './repositories/api-keys.js';
export type { KeyAccess, KeyOwner } from './repositories/api-keys.js';
export { PeopleRepository } from './repositories/people.js';
export type { Deactivation } from './repositories/people.js';
export { PersonalDataRepository, type PersonalDataOptions, type StoredPersonalData } from './repositories/personal-data.js';
export { AssistantRepository, STALE_FAILURE } from './repositories/assistant-transcript.js';
export { AiChecksRepository, INTERRUPTED_PROBLEM } from './repositories/ai-checks.js';
export { FollowUpsRepository } from './repositories/follow-ups.js';
export { ReportSharesRepository } from './repositories/report-shares.js';
export { TestPreviewsRepository, type NewTestPreview } from './repositories/test-previews.js';
export type { NewReportShare } from './repositories/report-shares.js';
export type { ReviewedFollowUp } from './repositories/follow-ups.js';
export type { AiCheckRecord } from './repositories/ai-checks.js';
export type { AssistantTally, NewAssistantMessage } from './repositories/assistant-transcript.js';
export { attemptFactsOfTest } from './repositories/attempt-facts.js';
export type { AttemptFacts } from './repositories/attempt-facts.js';
export type { ItemAnalysisReads } from './repositories/item-analysis-facts.js';
export { AttemptLogRepository } from './repositories/attempt-log.js';
export { AttemptsRepository } from './repositories/attempts.js';
export type { AttemptContext, SavedAnswerRow } from './repositories/attempts.js';
export type { Snapshot } from './repositories/attempt-snapshots.js';
export type { AttemptScoreRecord } from './repositories/attempt-score-writes.js';
export { bulkFileKey, BulkInvitationsRepository } from './repositories/bulk-invitations.js';
export type { BulkJobCounts, BulkJobRow, BulkRowResult, BulkRowRow, BulkSubmission } from './repositories/bulk-invitations.js';
export {
  ErasureRepository,
  type ErasureAudit,
  type ErasureExtent,
  type ErasureOutcome,
  type ErasedIdentity,
  type ErasureEntry,
} from './repositories/erasure.js';
export { addressSubject, invitationSubject, keptAnswerSubjects } from './repositories/kept-answer-subjects.js';
export { OutboxEmailsRepository } from './repositories/outbox-emails.js';
export { ERASED_DATA_TABLES, ERASED_NAME, erasedEmail } from './repositories/erasure-writes.js';
export { gradesOf, GradesRepository, toGrade } from './repositories/grades.js';
export type { GradeFacts, GradeHistoryEntry, GradeRow, RecordedGrade } from './repositories/grades.js';
export { GreenhouseRepository } from './repositories/greenhouse.js';
export type { GreenhouseInterview, StoredGreenhouseCredentials } from './repositories/greenhouse.js';
export { ReviewQueueRepository } from './repositories/review-queue.js';
export { EvidenceReviewsRepository } from './repositories/evidence-reviews.js';
export type { EvidenceCountsOfAttempt, NewEvidenceReview } from './repositories/evidence-reviews.js';
export { answerPlaceKey, clearSimilarity, SimilarityRepository } from './repositories/similarity.js';
export type { AnswerPlace, NewAnswerFingerprint, NewSimilarityPair, OtherAnswer, SimilarityPairOfAttempt } from './repositories/similarity.js';
export { IdempotencyKeysRepository } from './repositories/idempotency-keys.js';
export type { ClaimOutcome, IdempotencyClaim, StoredIdempotencyKey } from './repositories/idempotency-keys.js';
export { byOf, historyEntryInsert, InvitationHistoryRepository, recordCoalescedHistory, recordHistory } from './repositories/invitation-history.js';
export { InvitationsRepository } from './repositories/invitations.js';
export type { AppliedMove, CreatedEntry, NewToken, RegistrationInput, RegistrationOutcome, SelfRegistrationOutcome } from './repositories/invitations.js';
export { DELIVERY_KINDS, JobsRepository, LINK_EMAIL_INTERVAL_MS } from './repositories/jobs.js';
export type { DeliveryRecord } from './repositories/jobs.js';
export { ANNOUNCEMENT_HOLD_MS, CANDIDATE_REPORT_PAYLOAD, releaseWaitingOn } from './repositories/completion-announcements.js';
export { insertJob, insertJobs, type NewJob } from './repositories/job-inserts.js';
export { OperationsGaugesRepository } from './repositories/operations-gauges.js';
export { V3CallbacksRepository } from './repositories/v3-callbacks.js';
export { CandidateFeedbackRepository, type FeedbackAttempt } from './repositories/candidate-feedback.js';
export type { OutboxKindGauge, WorkerGauge } from './repositories/operations-gauges.js';
export { OrgsRepository } from './repositories/orgs.js';
export { QuestionSignalsRepository, recordPlaybackFrame } from './repositories/question-signals.js';
export type { AttemptTimes, QuestionSignalEvent } from './repositories/question-signals.js';
export { newAccessKey, newInvitationToken } from './repositories/random-keys.js';
export { MemoryRateLimitCounters, SqlRateLimitCounters } from './repositories/rate-limit-counters.js';
export type { RateLimitCounters, WindowCount } from './repositories/rate-limit-counters.js';
export {
  isCodingLanguage,
  proctoringColumns,
  toAnswer,
  toCandidate,
  toInvitation,
  toJob,
  toOrg,
  toQuestionRecord,
  toSectionRecord,
  toTestRecord,
} from './repositories/records.js';
export { RemindersRepository } from './repositories/reminders.js';
export type { ReminderSubject } from './repositories/reminders.js';
export { RetentionRepository } from './repositories/retention.js';
export type { MediaPurged, RetainingOrg, UnstartedInvitation } from './repositories/retention.js';
export { SandboxWorkersRepository } from './repositories/sandbox-workers.js';
export { ReportsRepository } from './repositories/reports.js';
export type { ReportRecord, ReportWithSections } from './repositories/reports.js';
export { scoreSoFarColumns, shownOfRow } from './repositories/report-columns.js';
export { reconciliationEvents, type ReconciliationEvent } from './repositories/reconciliation-events.js';
export { ServiceSettingsRepository } from './repositories/service-settings.js';
export { settingsOf, TestLinksRepository, toTestLink } from './repositories/test-links.js';
export { TestsRepository, toSection, toTestSummary } from './repositories/tests.js';
export type { TestSummaryRow } from './repositories/tests.js';
export { WebhookSecretsRepository } from './repositories/webhook-secrets.js';
export type { StoredCodingFacts } from '@assay/domain';
