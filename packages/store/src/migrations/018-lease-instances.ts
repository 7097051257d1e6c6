import type { Kysely, Migration } from 'kysely';

/**
 * Which process holds a job's lease (`instance-liveness.ts`): a lease whose process died (kill -9) is taken over at
 * once by the next lease pass, of the restarted process or any other, instead of after the lease time. Leases from
 * before have none, and keep the lease time.
 */
export const leaseInstancesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('jobs').addColumn('lease_instance', 'text').execute();
  },
});
