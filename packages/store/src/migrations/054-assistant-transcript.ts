import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../engine/connect.js';
import { idColumn } from './id-column.js';

/**
 * The assistant (issue 60; docs/ai.md, "The transcript"): an attempt's AI snapshot fixed at its start
 * (`invitations.ai_snapshot`, JSON, decision 1160), the org's switch (`orgs.assistant_enabled`, 1 for every org,
 * decision 1161), every message to the assistant with its reply (`assistant_messages`) and every insertion from a
 * reply into an answer (`assistant_insertions`). One pending message per attempt is a unique partial index, so two
 * processes cannot both start answering (decision 1169).
 */
export const assistantTranscriptMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const id = idColumn(dialect);
    const invitation = (c: ColumnDefinitionBuilder) => c.notNull().references('invitations.id').onDelete('cascade');
    await db.schema.alterTable('invitations').addColumn('ai_snapshot', 'text').execute();
    await db.schema
      .alterTable('orgs')
      .addColumn('assistant_enabled', 'integer', (c) => c.notNull().defaultTo(sql`1`))
      .execute();
    await db.schema
      .createTable('assistant_messages')
      .addColumn('id', id.type, id.build)
      .addColumn('invitation_id', 'bigint', invitation)
      .addColumn('question_id', 'bigint', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('asked_at', 'bigint', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('shared_answer', 'integer', (c) => c.notNull())
      .addColumn('answer_chars', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('reply', 'text')
      .addColumn('withheld_reason', 'text')
      .addColumn('failure', 'text')
      .addColumn('model', 'text')
      .addColumn('policy', 'text', (c) => c.notNull())
      .addColumn('policy_version', 'text', (c) => c.notNull())
      .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tokens_estimated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_token_ms', 'integer')
      .addColumn('answered_at', 'bigint')
      .addUniqueConstraint('assistant_messages_seq_key', ['invitation_id', 'seq'])
      .execute();
    await db.schema
      .createIndex('assistant_messages_one_pending_idx')
      .unique()
      .on('assistant_messages')
      .column('invitation_id')
      .where(sql<boolean>`state = 'pending'`)
      .execute();
    await db.schema
      .createTable('assistant_insertions')
      .addColumn('id', id.type, id.build)
      .addColumn('invitation_id', 'bigint', invitation)
      .addColumn('question_id', 'bigint', (c) => c.notNull())
      .addColumn('message_id', 'bigint', (c) => c.notNull().references('assistant_messages.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('chars', 'integer', (c) => c.notNull())
      .addColumn('line', 'integer', (c) => c.notNull())
      .addColumn('col', 'integer', (c) => c.notNull())
      .addUniqueConstraint('assistant_insertions_seq_key', ['invitation_id', 'seq'])
      .execute();
  },
});
