import { type Kysely, type Migration, sql } from 'kysely';

/**
 * What an erasure must find besides invitations (issue 59 point 7):
 * - `idempotency_keys.subjects`: whom a kept answer names — the invitation ids in it and a digest of each address —
 *   so an erasure drops those answers only and the org's other kept answers keep their 24 h (decision 1004). Null on
 *   answers kept before: unknown, dropped by any erasure of the org as before.
 * - `erasures.bulk_rows`: bulk-file rows without an invitation (refused, or not read yet) an erasure by address
 *   erased; such an erasure may erase no invitation at all (decision 1003).
 */
export const erasureSubjectsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').addColumn('subjects', 'text').execute();
    await db.schema
      .alterTable('erasures')
      .addColumn('bulk_rows', 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
  },
});
