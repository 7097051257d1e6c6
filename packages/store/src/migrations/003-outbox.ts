import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * The transactional outbox: jobs written in the same transaction as the completion they announce, leased
 * by workers, with every delivery attempt recorded; per-org webhook secrets; service-wide settings.
 */
export const outboxMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);

    await db.schema
      .alterTable('orgs')
      .addColumn('callback_trailing_spaces', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('jobs')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('invitation_id', 'bigint', (c) => c.references('invitations.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull().unique())
      .addColumn('payload', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('run_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
    await db.schema.createIndex('jobs_invitation_idx').on('jobs').columns(['invitation_id', 'id']).execute();
    await db.schema.createIndex('jobs_org_created_idx').on('jobs').columns(['org_id', 'created_at']).execute();

    await db.schema
      .createTable('deliveries')
      .addColumn('id', id.type, id.build)
      .addColumn('job_id', 'bigint', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
      .addColumn('attempted_at', 'bigint', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('latency_ms', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('deliveries_job_idx').on('deliveries').columns(['job_id', 'id']).execute();

    await db.schema
      .createTable('webhook_secrets')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .execute();
    await db.schema.createIndex('webhook_secrets_org_idx').on('webhook_secrets').columns(['org_id', 'id']).execute();

    await db.schema
      .createTable('service_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await db.schema.createIndex('invitations_org_completed_idx').on('invitations').columns(['org_id', 'completed_at']).execute();
    await db.schema.createIndex('invitations_org_cancelled_idx').on('invitations').columns(['org_id', 'cancelled_at']).execute();
  },
});
