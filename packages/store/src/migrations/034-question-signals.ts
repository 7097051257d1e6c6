import type { Kysely, Migration } from 'kysely';

/**
 * Per-question evidence of an attempt (issue 34, items 2–4): one row per attempt and question of what the page
 * reported (time in view, pastes and large insertions by size, the first keystroke), and one row per attempt and
 * coding question of its code's history as timed diffs (`frames`, JSON; bounded by the domain's PLAYBACK_LIMITS).
 * Both are cleared with the attempt's answers when it is reset.
 */
export const questionSignalsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('question_signals')
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('question_id', 'bigint', (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('time_ms', 'bigint', (c) => c.notNull())
      .addColumn('in_view_since', 'bigint')
      .addColumn('first_viewed_at', 'bigint')
      .addColumn('first_keystroke_at', 'bigint')
      .addColumn('pastes', 'integer', (c) => c.notNull())
      .addColumn('pasted_chars', 'bigint', (c) => c.notNull())
      .addColumn('insertions', 'integer', (c) => c.notNull())
      /** JSON array of the first pastes and insertions: kind, at, chars, lines (never their text). */
      .addColumn('events', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('question_signals_pkey', ['invitation_id', 'question_id'])
      .execute();
    await db.schema
      .createTable('code_playback')
      .addColumn('invitation_id', 'bigint', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('question_id', 'bigint', (c) => c.notNull().references('questions.id').onDelete('cascade'))
      /** JSON array of frames: at, start, deleted, inserted. */
      .addColumn('frames', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('code_playback_pkey', ['invitation_id', 'question_id'])
      .execute();
  },
});
