import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../engine/connect.js';

/**
 * A scored attempt's question results as one text, kept beside the rows (`attempt_results`): the Excel export's
 * Questions sheet grouped 36 rows per attempt into that text on every export (2.4 s of SQLite for 100,000 attempts),
 * now it reads one column. Scoring writes both in one transaction and an attempt's reset removes both; this fills the
 * text of every attempt scored before. Marks go through text exactly: 17 significant digits on SQLite (its own cast
 * keeps 15), PostgreSQL's shortest exact form (its default since version 12).
 */
export const attemptResultsTextMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('attempt_results')
      .addColumn('invitation_id', 'bigint', (c) => c.primaryKey().references('invitations.id').onDelete('cascade'))
      .addColumn('results', 'text', (c) => c.notNull())
      .execute();
    const marks = dialect === 'sqlite' ? sql`printf('%!.17g', marks)` : sql`cast(marks as text)`;
    const joined = sql`cast(question_id as text) || ':' || ${marks} || ':' || coalesce(cases, '')`;
    const grouped = dialect === 'sqlite' ? sql`group_concat(${joined}, ';')` : sql`string_agg(${joined}, ';')`;
    await sql`INSERT INTO attempt_results (invitation_id, results)
      SELECT invitation_id, ${grouped} FROM question_results GROUP BY invitation_id`.execute(db);
  },
});
