import { type Kysely, sql } from 'kysely';
import { type Answer, type Candidate, CodingLanguage, type Invitation } from '@assay/domain';
import type { Database } from './database.js';
import { compilesForSqlite } from './transaction-steps.js';

/**
 * What the Excel export's Questions sheet is built from for one invitation, as report facts: what scoring found, and the
 * code answers (whether code was given decides whether hidden tests show). The sheet shows no chosen options, events,
 * sample runs or snapshots, so they are not read. A never-started invitation has neither.
 */
export interface AttemptFacts {
  readonly invitation: Pick<Invitation, 'id' | 'startedAt'>;
  readonly candidate: Pick<Candidate, 'email' | 'fullName'>;
  /** The code answers only. */
  readonly answers: Map<number, Answer>;
  /**
   * What scoring found, by position in the `questionIds` asked for: the marks (null where nothing was scored) and the
   * hidden tests' verdicts (null where none were run). Two arrays per attempt, not an object per question: a test of
   * 36 questions has 3.6 M results over 100,000 attempts, and their objects and their garbage were most of this read.
   */
  readonly marks: (number | null)[];
  readonly cases: (readonly boolean[] | null)[];
}

const codingLanguages: ReadonlySet<string> = new Set(CodingLanguage.options);

const grouped = <T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> => {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
};

/**
 * An attempt's question results as one text, `questionId:marks:cases` joined by `;` (cases are JSON booleans or
 * empty): one row per attempt instead of one per question, which is most of what reading 100,000 attempts of a
 * test of 40 questions cost. Marks go through text exactly: 17 significant digits on SQLite (its own cast keeps
 * 15, which would change a mark like 1/3), PostgreSQL's shortest exact form (its default since version 12).
 */
const resultsText = (db: Kysely<Database>) => {
  if (compilesForSqlite(db)) return sql<string>`group_concat(cast(question_id as text) || ':' || printf('%!.17g', marks) || ':' || coalesce(cases, ''), ';')`;
  return sql<string>`string_agg(cast(question_id as text) || ':' || cast(marks as text) || ':' || coalesce(cases, ''), ';')`;
};

/** Reads an attempt's results text into `marks` and `cases` at each question's position (unknown questions are skipped). */
const readResults = (text: string | null, positionOf: ReadonlyMap<number, number>, marks: (number | null)[], cases: (readonly boolean[] | null)[]): void => {
  if (!text) return;
  for (let start = 0; start < text.length; ) {
    const separator = text.indexOf(';', start);
    const end = separator === -1 ? text.length : separator;
    const idEnd = text.indexOf(':', start);
    const marksEnd = text.indexOf(':', idEnd + 1);
    const position = positionOf.get(Number(text.slice(start, idEnd)));
    if (position !== undefined) {
      marks[position] = Number(text.slice(idEnd + 1, marksEnd));
      if (marksEnd + 1 < end) cases[position] = JSON.parse(text.slice(marksEnd + 1, end)) as boolean[];
    }
    start = end + 1;
  }
};

/**
 * The facts of every invitation of an org's test up to `throughId`, in id order (the Candidates sheet's order), in
 * keyset-paged batches of three queries whatever the number of attempts: what the Excel export's Questions sheet is
 * built from, in flat memory. `throughId` is the last invitation the Candidates sheet showed, so the two sheets stay
 * row for row when candidates register while the export runs. Only the columns the sheet shows are read (no test
 * definition, no whole invitation or candidate record). The results are given by position in `questionIds` (the
 * sheet's question order).
 */
export async function* attemptFactsOfTest(
  db: Kysely<Database>,
  orgId: number,
  testId: number,
  questionIds: readonly number[],
  { throughId = Number.MAX_SAFE_INTEGER, batchSize = 500 } = {},
): AsyncGenerator<AttemptFacts[]> {
  const positionOf = new Map(questionIds.map((id, position) => [id, position]));
  let afterId = 0;
  while (afterId < throughId) {
    const invitations = await db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .select(['invitations.id as id', 'invitations.started_at as startedAt', 'candidates.email as email', 'candidates.full_name as fullName'])
      .where('invitations.org_id', '=', orgId)
      .where('invitations.test_id', '=', testId)
      .where('invitations.id', '>', afterId)
      .where('invitations.id', '<=', throughId)
      .orderBy('invitations.id')
      .limit(batchSize)
      .execute();
    if (invitations.length === 0) return;
    const started = invitations.flatMap((row) => (row.startedAt === null ? [] : [row.id]));
    const [answers, results] =
      started.length === 0
        ? [[], []]
        : await Promise.all([
            db
              .selectFrom('answers')
              .select(['invitation_id', 'question_id', 'code', 'language'])
              .where('invitation_id', 'in', started)
              .where('option_ids', 'is', null)
              .execute(),
            db
              .selectFrom('question_results')
              .select(['invitation_id', resultsText(db).as('results')])
              .where('invitation_id', 'in', started)
              .groupBy('invitation_id')
              .execute(),
          ]);
    const answersOf = grouped(answers, (row) => row.invitation_id);
    const resultsOf = new Map(results.map((row) => [row.invitation_id, row.results]));
    yield invitations.map((row): AttemptFacts => {
      const marks = new Array<number | null>(questionIds.length).fill(null);
      const cases = new Array<readonly boolean[] | null>(questionIds.length).fill(null);
      readResults(resultsOf.get(row.id) ?? null, positionOf, marks, cases);
      return {
        invitation: { id: row.id, startedAt: row.startedAt },
        candidate: { email: row.email, fullName: row.fullName },
        answers: new Map(
          (answersOf.get(row.id) ?? []).map((answer) => [
            answer.question_id,
            {
              code: answer.code ?? '',
              ...(answer.language !== null && codingLanguages.has(answer.language) ? { language: answer.language as CodingLanguage } : {}),
            },
          ]),
        ),
        marks,
        cases,
      };
    });
    afterId = invitations[invitations.length - 1]!.id;
  }
}
