import type { Kysely, Migration } from 'kysely';

/**
 * Languages beyond one machine (issue 49 item 7, decision 688): each process with a sandbox declares the languages it
 * runs, under its instance id (whether it lives is its liveness lock, `instance-liveness.ts`); a scoring job names the
 * languages its answers are in (a JSON array, null for jobs that run no code and jobs queued before), and a process
 * leases only jobs whose languages it runs.
 */
export const workerLanguagesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sandbox_workers')
      .addColumn('instance_id', 'text', (c) => c.primaryKey())
      .addColumn('languages', 'text', (c) => c.notNull())
      .addColumn('declared_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('jobs').addColumn('languages', 'text').execute();
  },
});
