import type { Kysely, Migration } from 'kysely';

/**
 * Rate-limit counters shared by every server instance (fixed windows, one row per limited key) and the
 * Idempotency-Key records of POST requests. Both are swept by `reset_at` / `expires_at`.
 */
export const limitsAndIdempotencyMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limit_counters')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_counters_reset_idx').on('rate_limit_counters').column('reset_at').execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pkey', ['scope', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expires_at').execute();
  },
});
