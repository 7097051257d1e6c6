import { sql } from 'kysely';
import { ApiKeysRepository } from './api-keys.js';
import { AttemptLogRepository } from './attempt-log.js';
import { AttemptsRepository } from './attempts.js';
import { connect, type ConnectOptions, type Connection } from './connect.js';
import { IdempotencyKeysRepository } from './idempotency-keys.js';
import { InvitationsRepository } from './invitations.js';
import { JobsRepository } from './jobs.js';
import { ServiceSettingsRepository } from './service-settings.js';
import { WebhookSecretsRepository } from './webhook-secrets.js';
import { migrateToLatest } from './migrate.js';
import { OrgsRepository } from './orgs.js';
import { MemoryRateLimitCounters, SqlRateLimitCounters, type RateLimitCounters } from './rate-limit-counters.js';
import { ReportsRepository } from './reports.js';
import { TestLinksRepository } from './test-links.js';
import { TestsRepository } from './tests.js';

export interface Store extends Connection {
  readonly orgs: OrgsRepository;
  readonly apiKeys: ApiKeysRepository;
  readonly tests: TestsRepository;
  readonly testLinks: TestLinksRepository;
  readonly invitations: InvitationsRepository;
  readonly reports: ReportsRepository;
  readonly attempts: AttemptsRepository;
  readonly attemptLog: AttemptLogRepository;
  readonly jobs: JobsRepository;
  readonly webhookSecrets: WebhookSecretsRepository;
  readonly settings: ServiceSettingsRepository;
  /** Shared by every instance on PostgreSQL; in process memory on SQLite, which serves one instance. */
  readonly rateLimits: RateLimitCounters;
  readonly idempotencyKeys: IdempotencyKeysRepository;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Gives back caches a quiet server can do without (see Connection); safe at any moment. */
  releaseMemory(): void;
  close(): Promise<void>;
}

/** Connects, brings the schema up to date, and hands out the repositories. */
export const openStore = async (databaseUrl: string, options: ConnectOptions = {}): Promise<Store> => {
  const connection = connect(databaseUrl, options);
  const { db } = connection;
  try {
    if (connection.dialect === 'postgres' && options.pgSchema) {
      await sql`create schema if not exists ${sql.id(options.pgSchema)}`.execute(db);
    }
    await migrateToLatest(connection);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const jobs = new JobsRepository(db, connection.dialect);
  return {
    ...connection,
    orgs: new OrgsRepository(db),
    apiKeys: new ApiKeysRepository(db),
    tests: new TestsRepository(db, connection.dialect),
    testLinks: new TestLinksRepository(db),
    invitations: new InvitationsRepository(db, jobs, connection.dialect),
    reports: new ReportsRepository(db),
    attempts: new AttemptsRepository(db),
    attemptLog: new AttemptLogRepository(db),
    jobs,
    webhookSecrets: new WebhookSecretsRepository(db),
    settings: new ServiceSettingsRepository(db),
    rateLimits: connection.dialect === 'postgres' ? new SqlRateLimitCounters(db) : new MemoryRateLimitCounters(),
    idempotencyKeys: new IdempotencyKeysRepository(db),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    releaseMemory: connection.releaseMemory ?? (() => {}),
    close: () => db.destroy(),
  };
};
