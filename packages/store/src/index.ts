// The assembly, and the schema it migrates.
export * from './store.js';
export * from './scratch-store.js';
export * from './database.js';
export * from './migrate.js';
export * from './register-candidate.js';
// How it stores (engine/README.md).
export * from './engine/connect.js';
export * from './engine/database-unavailable.js';
export * from './engine/instance-liveness.js';
// What it stores (repositories/README.md).
export * from './repositories/api-keys.js';
export * from './repositories/people.js';
export * from './repositories/attempt-facts.js';
export * from './repositories/attempt-log.js';
export * from './repositories/attempts.js';
export * from './repositories/bulk-invitations.js';
export * from './repositories/grades.js';
export * from './repositories/greenhouse.js';
export * from './repositories/review-queue.js';
export * from './repositories/evidence-reviews.js';
export * from './repositories/similarity.js';
export * from './repositories/idempotency-keys.js';
export * from './repositories/invitation-history.js';
export * from './repositories/invitations.js';
export * from './repositories/jobs.js';
export * from './repositories/orgs.js';
export * from './repositories/question-signals.js';
export * from './repositories/random-keys.js';
export * from './repositories/rate-limit-counters.js';
export * from './repositories/records.js';
export * from './repositories/reminders.js';
export * from './repositories/sandbox-workers.js';
export * from './repositories/reports.js';
export * from './repositories/service-settings.js';
export * from './repositories/test-links.js';
export * from './repositories/tests.js';
export * from './repositories/webhook-secrets.js';
export type { StoredCodingFacts } from '@assay/domain';
