import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Connection } from './engine/connect.js';
import { refuseNewerSchema } from './schema-version.js';
import { initialMigration } from './migrations/001-initial.js';
import { attemptsMigration } from './migrations/002-attempts.js';
import { outboxMigration } from './migrations/003-outbox.js';
import { oneCurrentSecretMigration } from './migrations/004-one-current-secret.js';
import { limitsAndIdempotencyMigration } from './migrations/005-limits-and-idempotency.js';
import { reloadsMigration } from './migrations/007-reloads.js';
import { reportDetailsMigration } from './migrations/009-report-details.js';
import { testPositionsMigration } from './migrations/011-test-positions.js';
import { languagesAndExtraTimeMigration } from './migrations/012-languages-and-extra-time.js';
import { scoreStandingMigration } from './migrations/013-score-standing.js';
import { partialInvitationIndexesMigration } from './migrations/014-partial-invitation-indexes.js';
import { idempotencyInstancesMigration } from './migrations/015-idempotency-instances.js';
import { reportLinkGenerationMigration } from './migrations/016-report-link-generation.js';
import { boundedEventLogMigration } from './migrations/017-bounded-event-log.js';
import { leaseInstancesMigration } from './migrations/018-lease-instances.js';
import { candidatePageContactMigration } from './migrations/019-candidate-page-contact.js';
import { scoreCountsMigration } from './migrations/020-score-counts.js';
import { attemptResultsTextMigration } from './migrations/021-attempt-results-text.js';
import { writtenAnswersMigration } from './migrations/022-written-answers.js';
import { apiKeyRolesMigration } from './migrations/023-api-key-roles.js';
import { gradesMigration } from './migrations/024-grades.js';
import { evidenceReviewsMigration } from './migrations/025-evidence-reviews.js';
import { invitationHistoryMigration } from './migrations/026-invitation-history.js';
import { attemptCodingFactsMigration } from './migrations/027-attempt-coding-facts.js';
import { submittedCallbackUrlMigration } from './migrations/028-submitted-callback-url.js';
import { resetGradesSupersededMigration } from './migrations/029-reset-grades-superseded.js';
import { greenhouseMigration } from './migrations/030-greenhouse.js';
import { bulkInvitationsMigration } from './migrations/031-bulk-invitations.js';
import { remindersMigration } from './migrations/032-reminders.js';
import { similarityMigration } from './migrations/033-similarity.js';
import { questionSignalsMigration } from './migrations/034-question-signals.js';
import { questionPoolsMigration } from './migrations/035-question-pools.js';
import { testExportsMigration } from './migrations/036-test-exports.js';
import { boundedRecordsMigration } from './migrations/037-bounded-records.js';
import { workerLanguagesMigration } from './migrations/038-worker-languages.js';
import { candidateDecisionsMigration } from './migrations/039-candidate-decisions.js';
import { peopleMigration } from './migrations/040-people.js';
import { sendEmailByDefaultMigration } from './migrations/041-send-email-by-default.js';
import { erasuresMigration } from './migrations/042-erasures.js';
import { retentionMigration } from './migrations/043-retention.js';
import { v3FoundationMigration } from './migrations/044-v3-foundation.js';
import { candidateFeedbackMigration } from './migrations/045-candidate-feedback.js';
import { imageViolationsMigration } from './migrations/046-image-violations.js';
import { v3InviteOptionsMigration } from './migrations/047-v3-invite-options.js';
import { outboxEmailsMigration } from './migrations/048-outbox-emails.js';
import { erasureSubjectsMigration } from './migrations/049-erasure-subjects.js';
import { invitationOpeningMigration } from './migrations/050-invitation-opening.js';
import { answerDraftsMigration } from './migrations/051-answer-drafts.js';
import { attemptRulesMigration } from './migrations/052-attempt-rules.js';
import { assistantTranscriptMigration } from './migrations/054-assistant-transcript.js';
import { aiUseEvidenceMigration } from './migrations/056-ai-use-evidence.js';
import { aiChecksMigration } from './migrations/057-ai-checks.js';
import { followUpsMigration } from './migrations/058-follow-ups.js';
import { invitationDefaultsMigration } from './migrations/060-invitation-defaults.js';
import { decisionEmailsMigration } from './migrations/061-decision-emails.js';
import { reportSharesMigration } from './migrations/062-report-shares.js';
import { testVersionsMigration } from './migrations/063-test-versions.js';
import { testPreviewsMigration } from './migrations/064-test-previews.js';
import { questionExposuresMigration } from './migrations/065-question-exposures.js';

/** Migrations live in code, named in order; a new one is appended, never edited once released. */
const migrationsFor = (dialect: Connection['dialect']): Record<string, Migration> => ({
  '001-initial': initialMigration(dialect),
  '002-attempts': attemptsMigration(dialect),
  '003-outbox': outboxMigration(dialect),
  '004-one-current-secret': oneCurrentSecretMigration(),
  '005-limits-and-idempotency': limitsAndIdempotencyMigration(),
  '007-reloads': reloadsMigration(),
  '009-report-details': reportDetailsMigration(dialect),
  '011-test-positions': testPositionsMigration(),
  '012-languages-and-extra-time': languagesAndExtraTimeMigration(),
  '013-score-standing': scoreStandingMigration(),
  '014-partial-invitation-indexes': partialInvitationIndexesMigration(),
  '015-idempotency-instances': idempotencyInstancesMigration(),
  '016-report-link-generation': reportLinkGenerationMigration(),
  '017-bounded-event-log': boundedEventLogMigration(),
  '018-lease-instances': leaseInstancesMigration(),
  '019-candidate-page-contact': candidatePageContactMigration(),
  '020-score-counts': scoreCountsMigration(dialect),
  '021-attempt-results-text': attemptResultsTextMigration(dialect),
  '022-written-answers': writtenAnswersMigration,
  '023-api-key-roles': apiKeyRolesMigration(),
  '024-grades': gradesMigration(dialect),
  '025-evidence-reviews': evidenceReviewsMigration(dialect),
  '026-invitation-history': invitationHistoryMigration(dialect),
  '027-attempt-coding-facts': attemptCodingFactsMigration,
  '028-submitted-callback-url': submittedCallbackUrlMigration,
  '029-reset-grades-superseded': resetGradesSupersededMigration,
  '030-greenhouse': greenhouseMigration(dialect),
  '031-bulk-invitations': bulkInvitationsMigration(dialect),
  '032-reminders': remindersMigration(),
  '033-similarity': similarityMigration(dialect),
  '034-question-signals': questionSignalsMigration(),
  '035-question-pools': questionPoolsMigration,
  '036-test-exports': testExportsMigration(dialect),
  '037-bounded-records': boundedRecordsMigration(),
  '038-worker-languages': workerLanguagesMigration(),
  '039-candidate-decisions': candidateDecisionsMigration(dialect),
  '040-people': peopleMigration(dialect),
  '041-send-email-by-default': sendEmailByDefaultMigration(),
  '042-erasures': erasuresMigration(dialect),
  '043-retention': retentionMigration(),
  '044-v3-foundation': v3FoundationMigration(),
  '045-candidate-feedback': candidateFeedbackMigration(),
  '046-image-violations': imageViolationsMigration(),
  '047-v3-invite-options': v3InviteOptionsMigration(),
  '048-outbox-emails': outboxEmailsMigration(dialect),
  '049-erasure-subjects': erasureSubjectsMigration(),
  '050-invitation-opening': invitationOpeningMigration(),
  '051-answer-drafts': answerDraftsMigration(),
  '052-attempt-rules': attemptRulesMigration(),
  '054-assistant-transcript': assistantTranscriptMigration(dialect),
  '056-ai-use-evidence': aiUseEvidenceMigration(),
  '057-ai-checks': aiChecksMigration(dialect),
  '058-follow-ups': followUpsMigration(dialect),
  '060-invitation-defaults': invitationDefaultsMigration(),
  '061-decision-emails': decisionEmailsMigration(),
  '062-report-shares': reportSharesMigration(dialect),
  '063-test-versions': testVersionsMigration(),
  '064-test-previews': testPreviewsMigration(dialect),
  '065-question-exposures': questionExposuresMigration(),
});

/** Hands Kysely the migrations, each timed as it runs: one `migrateToLatest` call still logs every step's own time. */
class TimedMigrationProvider implements MigrationProvider {
  readonly msByName = new Map<string, number>();
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(this.migrations).map(([name, migration]) => [
        name,
        {
          ...migration,
          up: async (db) => {
            const startedAt = performance.now();
            await migration.up(db);
            this.msByName.set(name, Math.round(performance.now() - startedAt));
          },
        },
      ]),
    );
  }
}

/** The schema unqualified names are created in (the search path's first that exists); none when the path names none. */
const currentSchemaOf = async (db: Connection['db']): Promise<string | undefined> => {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
};

/** The names of the migrations this build knows, oldest first. */
export const knownMigrations = (dialect: Connection['dialect']): string[] => Object.keys(migrationsFor(dialect)).sort();

/**
 * Where a migration step is told: the process's logger (`info`; the steps that create a new database, marked
 * `creating: true`, at `debug`).
 */
export type MigrationLog = (message: string, fields: Record<string, unknown>) => void;

/**
 * Brings the schema up to date, logging each step with its own time; throws with the failing
 * migration's name and cause. A database a newer build migrated is refused first (`NewerSchemaError`), before Kysely
 * would call it "corrupted migrations".
 */
export const migrateToLatest = async (connection: Connection, log: MigrationLog = () => {}): Promise<string[]> => {
  const { db, dialect } = connection;
  const known = knownMigrations(dialect);
  await refuseNewerSchema(connection, known);
  // Without its schema, Kysely finds another schema's migration table and skips creating this one: on PostgreSQL the
  // schema is always named, the search path's first when none is configured (decision 991).
  const schema = connection.schema ?? (dialect === 'postgres' ? await currentSchemaOf(db) : undefined);
  const provider = new TimedMigrationProvider(migrationsFor(dialect));
  const migrator = new Migrator({
    db,
    provider,
    // Kysely's default compares names with localeCompare, which loads ICU's collation data (~4 MB of a server's
    // idle memory) for names that are plain ASCII ("001-initial"): code-unit order is the same order.
    nameComparator: (left, right) => (left < right ? -1 : left > right ? 1 : 0),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  // One call for every pending step, not one per step: each call takes Kysely's lock and reads its tables again,
  // which made a new PostgreSQL schema cost ~3 s (58 steps) instead of the steps' own time. Where the dialect has
  // transactional DDL (PostgreSQL) the steps of one start commit together: an upgrade that fails leaves the database
  // as it was, not half-way (decision 1350).
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  const applied = results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
  // `creating`: a new database is made, not upgraded; its fifty-odd steps would bury a first start's banner, so a
  // process logs them below its summary line's level.
  const creating = applied[0] === known[0];
  for (const name of applied) {
    const ms = provider.msByName.get(name) ?? 0;
    log(`migrating: ${name} done in ${ms} ms`, { migration: name, ms, creating });
  }
  const latest = known.at(-1);
  const message =
    applied.length === 0
      ? `database schema is up to date (${latest})`
      : applied[0] === known[0]
        ? `database created: ${applied.length} migrations, now at ${latest}`
        : `database migrated: ${applied.length} step(s), now at ${latest}`;
  log(message, { migration: latest, applied: applied.length });
  return applied;
};
