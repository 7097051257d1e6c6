import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * Which of a test's questions the configured model solves (issue 60 item 7; docs/ai.md "Which questions a model
 * solves"): one row per check, its results per question version as JSON (bounded by the test's questions). One running
 * check per test is a unique partial index, so two requests (or two processes) cannot both start one (decision 1243).
 */
export const aiChecksMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('ai_checks')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('test_id', 'bigint', (c) => c.notNull().references('tests.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('progressed_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .addColumn('questions_total', 'integer', (c) => c.notNull())
      .addColumn('problem', 'text')
      .addColumn('results', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.createIndex('ai_checks_test_idx').on('ai_checks').columns(['test_id', 'id']).execute();
    await db.schema.createIndex('ai_checks_one_running_idx').unique().on('ai_checks').column('test_id').where(sql<boolean>`state = 'running'`).execute();
  },
});
