import type { Kysely, Migration } from 'kysely';

/**
 * Which process holds an Idempotency-Key's claim (`instance-liveness.ts`): a claim whose process is gone is taken over at
 * once instead of after the lock time. Rows from before have none, and keep the lock time.
 */
export const idempotencyInstancesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').addColumn('instance', 'text').execute();
  },
});
