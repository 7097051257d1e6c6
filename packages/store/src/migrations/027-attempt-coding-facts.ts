import { type Kysely, type Migration, sql } from 'kysely';
import { type Answer, CodingLanguage, type CodingQuestion, codingAnswerFacts, codingTextOf, parseStored, QuestionDefinition } from '@assay/domain';

/** Scored attempts filled per statement pair (one read of their code answers, one update). */
const BATCH = 1000;

/**
 * Each scored attempt's coding answer facts (language, answered) beside its results text (`attempt_results.coding`):
 * the Excel export read 400,000 code answers of 100,000 attempts on every export to learn them again (1.1–1.4 s of
 * SQLite). Scoring now stores them; this fills them for attempts scored before, with the domain's own reading of the
 * stored answers (the starter code decides "answered", so it is not SQL), in one pass over the scored attempts: their
 * coding answers read by primary key, the texts staged a batch per statement and written in one update. Attempts of
 * tests without coding questions get an empty text.
 */
export const attemptCodingFactsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('attempt_results').addColumn('coding', 'text').execute();
    // The texts are staged in a table of their own, then written in one statement.
    await db.schema
      .createTable('attempt_coding_backfill')
      .addColumn('invitation_id', 'bigint', (c) => c.primaryKey())
      .addColumn('coding', 'text', (c) => c.notNull())
      .execute();
    const questionRows = await sql<{ id: number | string; test_id: number | string; body: string }>`
      SELECT id, test_id, body FROM questions
      WHERE body LIKE '%coding%' AND test_id IN (
        SELECT DISTINCT invitations.test_id FROM attempt_results JOIN invitations ON invitations.id = attempt_results.invitation_id)
      ORDER BY test_id, position`.execute(db);
    const codingOf = new Map<number, { id: number; definition: CodingQuestion }[]>();
    for (const row of questionRows.rows) {
      const definition = parseStored(QuestionDefinition, JSON.parse(row.body));
      if (definition.type !== 'coding') continue;
      const testId = Number(row.test_id);
      const list = codingOf.get(testId) ?? [];
      list.push({ id: Number(row.id), definition });
      codingOf.set(testId, list);
    }
    for (let afterId = 0; ; ) {
      const { rows } = await sql<{ id: number | string; test_id: number | string }>`
        SELECT attempt_results.invitation_id AS id, invitations.test_id AS test_id
        FROM attempt_results JOIN invitations ON invitations.id = attempt_results.invitation_id
        WHERE attempt_results.invitation_id > ${afterId} ORDER BY attempt_results.invitation_id LIMIT ${BATCH}`.execute(db);
      if (rows.length === 0) break;
      const attempts = rows.map((row) => ({ id: Number(row.id), coding: codingOf.get(Number(row.test_id)) ?? [] }));
      const withCoding = attempts.filter((attempt) => attempt.coding.length > 0);
      const questionIds = [...new Set(withCoding.flatMap((attempt) => attempt.coding.map((question) => question.id)))];
      const answerRows =
        withCoding.length === 0
          ? []
          : (
              await sql<{ invitation_id: number | string; question_id: number | string; code: string | null; language: string | null }>`
                SELECT invitation_id, question_id, code, language FROM answers
                WHERE invitation_id IN (${sql.join(withCoding.map((attempt) => attempt.id))})
                AND question_id IN (${sql.join(questionIds)}) AND option_ids IS NULL`.execute(db)
            ).rows;
      // As the export read them before: a code answer's code (none is empty) and its language when it is one.
      const answers = new Map<string, Answer>(
        answerRows.map((row) => [
          `${row.invitation_id}:${row.question_id}`,
          { code: row.code ?? '', ...(CodingLanguage.safeParse(row.language).success ? { language: row.language as CodingLanguage } : {}) },
        ]),
      );
      const texts = attempts.map(({ id, coding }) =>
        codingTextOf(coding.map((question) => ({ questionId: question.id, ...codingAnswerFacts(question.definition, answers.get(`${id}:${question.id}`)) }))),
      );
      await sql`INSERT INTO attempt_coding_backfill (invitation_id, coding)
        VALUES ${sql.join(attempts.map(({ id }, index) => sql`(${id}, ${texts[index]})`))}`.execute(db);
      afterId = attempts[attempts.length - 1]!.id;
    }
    // One update from the staged texts: a CASE of a batch's ids per statement cost SQLite four times as much.
    await sql`UPDATE attempt_results SET coding = (
        SELECT attempt_coding_backfill.coding FROM attempt_coding_backfill
        WHERE attempt_coding_backfill.invitation_id = attempt_results.invitation_id)
      WHERE invitation_id IN (SELECT invitation_id FROM attempt_coding_backfill)`.execute(db);
    await db.schema.dropTable('attempt_coding_backfill').execute();
  },
};
