import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * Similarity between candidates (issue 34, item 1). `answer_fingerprints`: what scoring kept of each coding answer to
 * compare it later — its distinct winnowed hashes (32-bit words, little-endian, in a blob: read for every earlier
 * answer of the question on each submission, so the cheapest form to read) and their positions (JSON, read only for
 * the pairs at or above the threshold). `similarity_pairs`: each pair found once (`left` the lower invitation id, the
 * unique index makes a pair found by both answers' scoring one row), with its score (0–1) and regions (JSON, `left`
 * lines in the left answer). Both carry the org so every read is scoped by it; both go with
 * either invitation (cascade), and a reset deletes the attempt's rows.
 */
export const similarityMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    await db.schema
      .createTable('answer_fingerprints')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('question_id', 'bigint', (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('family', 'text', (c) => c.notNull())
      .addColumn('hashes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('prints', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('answer_fingerprints_answer_idx').unique().on('answer_fingerprints').columns(['invitation_id', 'question_id']).execute();
    await db.schema.createIndex('answer_fingerprints_question_idx').on('answer_fingerprints').columns(['org_id', 'question_id', 'family']).execute();
    await db.schema
      .createTable('similarity_pairs')
      .addColumn('id', id.type, id.build)
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('question_id', 'bigint', (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('left_invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('right_invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('score', 'real', (c) => c.notNull())
      .addColumn('regions', 'text', (c) => c.notNull())
      .addColumn('found_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('similarity_pairs_pair_idx')
      .unique()
      .on('similarity_pairs')
      .columns(['left_invitation_id', 'right_invitation_id', 'question_id'])
      .execute();
    await db.schema.createIndex('similarity_pairs_right_idx').on('similarity_pairs').columns(['right_invitation_id']).execute();
  },
});
