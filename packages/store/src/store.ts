import { type Kysely, sql } from 'kysely';
import { ApiKeysRepository } from './repositories/api-keys.js';
import { AttemptLogRepository } from './repositories/attempt-log.js';
import { QuestionSignalsRepository } from './repositories/question-signals.js';
import { AttemptsRepository } from './repositories/attempts.js';
import { connect, type ConnectOptions, type Connection, type Dialect } from './engine/connect.js';
import type { Database } from './database.js';
import type { InstanceLiveness } from './engine/instance-liveness.js';
import { IdempotencyKeysRepository } from './repositories/idempotency-keys.js';
import { InvitationsRepository } from './repositories/invitations.js';
import { JobsRepository } from './repositories/jobs.js';
import { V3CallbacksRepository } from './repositories/v3-callbacks.js';
import { V3InviteOptionsRepository } from './repositories/v3-invite-options.js';
import { ServiceSettingsRepository } from './repositories/service-settings.js';
import { WebhookSecretsRepository } from './repositories/webhook-secrets.js';
import { knownMigrations, migrateToLatest, type MigrationLog } from './migrate.js';
import { newerMigration } from './schema-version.js';
import { OrgsRepository } from './repositories/orgs.js';
import { MemoryRateLimitCounters, SqlRateLimitCounters, type RateLimitCounters } from './repositories/rate-limit-counters.js';
import { ReportsRepository } from './repositories/reports.js';
import { V3ReportsRepository } from './repositories/v3-reports.js';
import { InvitationListRepository } from './repositories/invitation-list.js';
import { InvitationSummaryRepository } from './repositories/invitation-summary.js';
import { TestLinksRepository } from './repositories/test-links.js';
import { TestsRepository } from './repositories/tests.js';
import { ImportedTests } from './repositories/imported-tests.js';
import { GradesRepository } from './repositories/grades.js';
import { ReviewQueueRepository } from './repositories/review-queue.js';
import { EvidenceReviewsRepository } from './repositories/evidence-reviews.js';
import { InvitationHistoryRepository } from './repositories/invitation-history.js';
import { GreenhouseRepository } from './repositories/greenhouse.js';
import { SimilarityRepository } from './repositories/similarity.js';
import { BulkInvitationsRepository } from './repositories/bulk-invitations.js';
import { RemindersRepository } from './repositories/reminders.js';
import { SandboxWorkersRepository } from './repositories/sandbox-workers.js';
import { CandidateDecisionsRepository } from './repositories/candidate-decisions.js';
import { PeopleRepository } from './repositories/people.js';
import { OperationsGaugesRepository } from './repositories/operations-gauges.js';
import { PersonalDataRepository } from './repositories/personal-data.js';
import { ErasureRepository } from './repositories/erasure.js';
import { RetentionRepository } from './repositories/retention.js';
import { TestSettingsRepository } from './repositories/test-settings.js';
import { CandidateFeedbackRepository } from './repositories/candidate-feedback.js';
import { OutboxEmailsRepository } from './repositories/outbox-emails.js';
import { AssistantRepository } from './repositories/assistant-transcript.js';
import { AiChecksRepository } from './repositories/ai-checks.js';
import { FollowUpsRepository } from './repositories/follow-ups.js';
import { ReportSharesRepository } from './repositories/report-shares.js';
import { TestPreviewsRepository } from './repositories/test-previews.js';

/** Assay's tables, one repository each; on the database, or on one transaction (`Store.transaction`). */
export interface Repositories {
  readonly orgs: OrgsRepository;
  readonly apiKeys: ApiKeysRepository;
  /** Who holds the keys (issue 50): people with a name, an email and a role. */
  readonly people: PeopleRepository;
  readonly tests: TestsRepository;
  readonly testLinks: TestLinksRepository;
  readonly invitations: InvitationsRepository;
  readonly reports: ReportsRepository;
  /** iMocha v3's report facts and its reconciliation of attempts (issue 52, decisions 907–911). */
  readonly v3Reports: V3ReportsRepository;
  /** A test's invitations as a list (issue 48, decision 652). */
  readonly invitationList: InvitationListRepository;
  /** A test's pipeline: counts per stage, completion rate, score distribution (issue 50, decision 766). */
  readonly invitationSummary: InvitationSummaryRepository;
  readonly attempts: AttemptsRepository;
  readonly attemptLog: AttemptLogRepository;
  readonly questionSignals: QuestionSignalsRepository;
  readonly jobs: JobsRepository;
  readonly webhookSecrets: WebhookSecretsRepository;
  readonly settings: ServiceSettingsRepository;
  readonly idempotencyKeys: IdempotencyKeysRepository;
  readonly grades: GradesRepository;
  readonly reviewQueue: ReviewQueueRepository;
  /** An invitation's history (issue 32): `history.record(invitationId, event, by, at)` in the action's transaction. */
  readonly history: InvitationHistoryRepository;
  readonly evidenceReviews: EvidenceReviewsRepository;
  /** The Greenhouse partner API (issue 33): the org's callback credentials and its interviews. */
  readonly greenhouse: GreenhouseRepository;
  readonly similarity: SimilarityRepository;
  /** Bulk invitation jobs (issue 33, item 2): a file's rows and their outcomes. */
  readonly bulkInvitations: BulkInvitationsRepository;
  /** Reminders and expiry (issue 33 item 3): reminder hours, invitations' expiry, unsubscriptions, at-most-once claims. */
  readonly reminders: RemindersRepository;
  /** The processes that run code and the languages each declared (issue 49, migration 038). */
  readonly sandboxWorkers: SandboxWorkersRepository;
  /** Decisions, tags, notes and ratings on invitations (issue 50, migration 039). */
  readonly candidateDecisions: CandidateDecisionsRepository;
  /** What /metrics reads at each scrape: the outbox by kind, the unscored attempts, the live workers (issue 51). */
  readonly operationsGauges: OperationsGaugesRepository;
  /** Everything an org holds about one email address (issue 51 item 3, access). */
  readonly personalData: PersonalDataRepository;
  /** Erasure of candidates' personal data, with its audit (issue 51, migration 042). */
  readonly erasure: ErasureRepository;
  /** Retention by rule (issue 51 item 2, migration 043): an org's periods (`settings(orgId)`), the sweep's pages, media purges. */
  readonly retention: RetentionRepository;
  /** A test's settings in v3's groups (issue 52, migration 044): `get` (defaults when never set) and `put` (the whole object). */
  readonly testSettings: TestSettingsRepository;
  /** iMocha v3's notifications and their replay (issue 52, decisions 917–919). */
  readonly v3Callbacks: V3CallbacksRepository;
  /** v3's stakeholderEmails and hideInstruction on a candidate (issue 52, migration 047). */
  readonly v3InviteOptions: V3InviteOptionsRepository;
  /** The candidate's feedback on a test, once per attempt (issue 52, migration 045). */
  readonly candidateFeedback: CandidateFeedbackRepository;
  /** Which outbox file each email of an invitation wrote (issue 59, migration 048): what an erasure removes. */
  readonly outboxEmails: OutboxEmailsRepository;
  /** The assistant (issue 60, migration 054): attempts' AI snapshots, the org's switch, the transcript and insertions. */
  readonly assistant: AssistantRepository;
  /** Which of a test's questions the model solves (issue 60 item 7, migration 057). */
  readonly aiChecks: AiChecksRepository;
  /** Authorship follow-ups: the questions about a submitted answer, their answers and marks (issue 60 item 6, migration 058). */
  readonly followUps: FollowUpsRepository;
  /** Report shares: links a manager without a key opens until they expire or are revoked (issue 61 item 4, migration 062). */
  readonly reportShares: ReportSharesRepository;
  /** Preview links: the real candidate page of a test, recording nothing (issue 62 item 3, migration 064). */
  readonly testPreviews: TestPreviewsRepository;
}

export interface Store extends Connection, Repositories {
  /** Shared by every instance on PostgreSQL; in process memory on SQLite, which serves one instance. */
  readonly rateLimits: RateLimitCounters;
  /**
   * Runs `work` as one transaction: every repository it is given writes and reads on that transaction, so what it does
   * commits together or not at all (a keyed request's effect and its kept answer, `Idempotency-Key`). `work` must use
   * only those repositories, never the store's own: on SQLite the transaction holds the one writer until it ends.
   */
  transaction<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** The migration a newer Assay applied to this database since this process started, if any (decision 858). */
  newerSchema(): Promise<string | undefined>;
  /** Gives back caches a quiet server can do without (see Connection); safe at any moment. */
  releaseMemory(): void;
  close(): Promise<void>;
}

type RepositoryMakers = { [Name in keyof Repositories]: () => Repositories[Name] };

const repositoryMakers = (
  db: Kysely<Database>,
  dialect: Dialect,
  liveness: InstanceLiveness,
  importedTests: ImportedTests,
  truncateLog?: () => Promise<boolean>,
): RepositoryMakers => {
  let jobs: JobsRepository | undefined;
  const jobsRepository = () => (jobs ??= new JobsRepository(db, dialect, liveness));
  return {
    orgs: () => new OrgsRepository(db),
    apiKeys: () => new ApiKeysRepository(db),
    people: () => new PeopleRepository(db),
    tests: () => new TestsRepository(db, dialect),
    testLinks: () => new TestLinksRepository(db),
    invitations: () => new InvitationsRepository(db, jobsRepository(), dialect),
    reports: () => new ReportsRepository(db, dialect, importedTests),
    v3Reports: () => new V3ReportsRepository(db),
    invitationList: () => new InvitationListRepository(db, importedTests),
    invitationSummary: () => new InvitationSummaryRepository(db, importedTests),
    attempts: () => new AttemptsRepository(db, importedTests),
    attemptLog: () => new AttemptLogRepository(db),
    questionSignals: () => new QuestionSignalsRepository(db),
    jobs: jobsRepository,
    webhookSecrets: () => new WebhookSecretsRepository(db),
    settings: () => new ServiceSettingsRepository(db),
    idempotencyKeys: () => new IdempotencyKeysRepository(db, liveness),
    grades: () => new GradesRepository(db, importedTests),
    reviewQueue: () => new ReviewQueueRepository(db, importedTests),
    history: () => new InvitationHistoryRepository(db),
    evidenceReviews: () => new EvidenceReviewsRepository(db),
    greenhouse: () => new GreenhouseRepository(db),
    similarity: () => new SimilarityRepository(db),
    bulkInvitations: () => new BulkInvitationsRepository(db),
    reminders: () => new RemindersRepository(db, jobsRepository()),
    sandboxWorkers: () => new SandboxWorkersRepository(db, liveness),
    candidateDecisions: () => new CandidateDecisionsRepository(db),
    operationsGauges: () => new OperationsGaugesRepository(db, liveness),
    personalData: () => new PersonalDataRepository(db),
    erasure: () => new ErasureRepository(db, truncateLog),
    retention: () => new RetentionRepository(db),
    testSettings: () => new TestSettingsRepository(db),
    v3Callbacks: () => new V3CallbacksRepository(db, jobsRepository()),
    v3InviteOptions: () => new V3InviteOptionsRepository(db),
    candidateFeedback: () => new CandidateFeedbackRepository(db),
    outboxEmails: () => new OutboxEmailsRepository(db),
    assistant: () => new AssistantRepository(db),
    aiChecks: () => new AiChecksRepository(db),
    followUps: () => new FollowUpsRepository(db),
    reportShares: () => new ReportSharesRepository(db),
    testPreviews: () => new TestPreviewsRepository(db),
  };
};

/** The repositories of a transaction, each made when first used: a request's transaction touches two or three. */
const lazyRepositories = (makers: RepositoryMakers): Repositories => {
  const repositories = {} as Record<string, unknown>;
  for (const [name, make] of Object.entries(makers)) {
    Object.defineProperty(repositories, name, {
      configurable: true,
      enumerable: true,
      get: () => {
        const made = make();
        Object.defineProperty(repositories, name, { value: made, enumerable: true });
        return made;
      },
    });
  }
  return repositories as unknown as Repositories;
};

export interface OpenStoreOptions extends ConnectOptions {
  /** Told each migration step, and once when there was none to run. */
  readonly migrationLog?: MigrationLog;
}

/** Connects, brings the schema up to date, and hands out the repositories. */
export const openStore = async (databaseUrl: string, options: OpenStoreOptions = {}): Promise<Store> => {
  const connection = connect(databaseUrl, options);
  const { db } = connection;
  try {
    if (connection.dialect === 'postgres' && options.pgSchema) {
      await sql`create schema if not exists ${sql.id(options.pgSchema)}`.execute(db);
    }
    await migrateToLatest(connection, options.migrationLog);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // One per store, shared by its transactions: tests never change, so what one read is true for all.
  const importedTests = new ImportedTests();
  const makers = repositoryMakers(db, connection.dialect, connection.liveness, importedTests, connection.truncateLog);
  const repositories = Object.fromEntries(Object.entries(makers).map(([name, make]) => [name, make()])) as unknown as Repositories;
  return {
    ...connection,
    ...repositories,
    rateLimits: connection.dialect === 'postgres' ? new SqlRateLimitCounters(db) : new MemoryRateLimitCounters(),
    transaction: (work) =>
      db.transaction().execute((trx) => work(lazyRepositories(repositoryMakers(trx, connection.dialect, connection.liveness, importedTests)))),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    newerSchema: () => newerMigration(connection, knownMigrations(connection.dialect)),
    releaseMemory: connection.releaseMemory ?? (() => {}),
    close: async () => {
      await connection.liveness.close();
      await db.destroy();
    },
  };
};
