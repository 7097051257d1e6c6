import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

export const initialMigration = (dialect: Dialect): Migration => {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('orgs')
        .addColumn('id', id.type, id.build)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('time_zone_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', id.type, id.build)
        .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_org_idx').on('api_keys').columns(['org_id', 'id']).execute();

      await db.schema
        .createTable('tests')
        .addColumn('id', id.type, id.build)
        .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('access_key', 'text', (c) => c.notNull().unique())
        .addColumn('duration', 'integer', (c) => c.notNull())
        .addColumn('question_count', 'integer', (c) => c.notNull())
        .addColumn('total_marks', 'double precision', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tests_org_idx').on('tests').columns(['org_id', 'id']).execute();

      await db.schema
        .createTable('sections')
        .addColumn('id', id.type, id.build)
        .addColumn('test_id', 'bigint', (c) => c.notNull().references('tests.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('section_type', 'text', (c) => c.notNull())
        .addColumn('duration', 'integer', (c) => c.notNull())
        .addColumn('question_count', 'integer', (c) => c.notNull())
        .addColumn('total_marks', 'double precision', (c) => c.notNull())
        .addUniqueConstraint('sections_test_position_key', ['test_id', 'position'])
        .execute();

      await db.schema
        .createTable('questions')
        .addColumn('id', id.type, id.build)
        .addColumn('test_id', 'bigint', (c) => c.notNull().references('tests.id').onDelete('cascade'))
        .addColumn('section_id', 'bigint', (c) => c.notNull().references('sections.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('marks', 'double precision', (c) => c.notNull())
        .addColumn('negative_marks', 'double precision', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addUniqueConstraint('questions_section_position_key', ['section_id', 'position'])
        .execute();
      await db.schema.createIndex('questions_test_idx').on('questions').column('test_id').execute();

      await db.schema
        .createTable('test_links')
        .addColumn('id', id.type, id.build)
        .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
        .addColumn('test_id', 'bigint', (c) => c.notNull().references('tests.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('access_key', 'text', (c) => c.notNull().unique())
        .addColumn('access_time', 'integer', (c) => c.notNull())
        .addColumn('start_date_time', 'text')
        .addColumn('end_date_time', 'text')
        .addColumn('time_zone_id', 'integer', (c) => c.notNull())
        .addColumn('invite_only', 'integer', (c) => c.notNull())
        .addColumn('image_proctoring', 'integer', (c) => c.notNull())
        .addColumn('email_to_stakeholder', 'text')
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('test_links_org_test_idx').on('test_links').columns(['org_id', 'test_id', 'id']).execute();

      await db.schema
        .createTable('candidates')
        .addColumn('id', id.type, id.build)
        .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
        .addColumn('test_id', 'bigint', (c) => c.notNull().references('tests.id').onDelete('cascade'))
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('callback_url', 'text')
        .addColumn('redirect_url', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        // Spec 4.7: registering the same candidate for the same test again updates this one record.
        .addUniqueConstraint('candidates_org_test_email_key', ['org_id', 'test_id', 'email_key'])
        .execute();

      await db.schema
        .createTable('invitations')
        .addColumn('id', id.type, id.build)
        .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
        .addColumn('test_id', 'bigint', (c) => c.notNull().references('tests.id').onDelete('cascade'))
        .addColumn('candidate_id', 'bigint', (c) => c.notNull().references('candidates.id').onDelete('cascade'))
        .addColumn('test_link_id', 'bigint', (c) => c.references('test_links.id').onDelete('set null'))
        .addColumn('attempt_no', 'integer', (c) => c.notNull())
        .addColumn('previous_invitation_id', 'bigint', (c) => c.unique().references('invitations.id').onDelete('set null'))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('report_status', 'text', (c) => c.notNull())
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('time_taken', 'integer', (c) => c.notNull())
        .addColumn('window_violations', 'integer', (c) => c.notNull())
        .addColumn('time_violation_seconds', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('completed_at', 'bigint')
        .addColumn('cancelled_at', 'bigint')
        .addUniqueConstraint('invitations_candidate_attempt_key', ['candidate_id', 'attempt_no'])
        .execute();
      await db.schema.createIndex('invitations_org_idx').on('invitations').columns(['org_id', 'id']).execute();
      await db.schema.createIndex('invitations_test_idx').on('invitations').columns(['test_id', 'id']).execute();

      await db.schema
        .createTable('section_results')
        .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
        .addColumn('section_id', 'bigint', (c) => c.notNull().references('sections.id').onDelete('cascade'))
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('section_results_pkey', ['invitation_id', 'section_id'])
        .execute();
    },
  };
};
