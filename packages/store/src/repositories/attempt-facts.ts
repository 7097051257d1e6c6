import type { Kysely } from 'kysely';
import {
  type Answer,
  type Candidate,
  type CodingAnswerFacts,
  CodingLanguage,
  type Invitation,
  REPORT_STATUS,
  readCodingText,
  readResultsText,
} from '@assay/domain';
import type { Database } from '../database.js';
import { reviewFactsOf } from './attempt-review-facts.js';
import { testInvitationsPage } from './test-invitations-page.js';

/**
 * What the Excel export's Questions sheet is built from for one invitation, as report facts: what scoring found, and the
 * code answers (whether code was given decides whether hidden tests show). The sheet shows no chosen options, events,
 * sample runs or snapshots, so they are not read. A never-started invitation has neither.
 */
export interface AttemptFacts {
  readonly invitation: Pick<Invitation, 'id' | 'startedAt'>;
  readonly candidate: Pick<Candidate, 'email' | 'fullName'>;
  /** The code answers, read only for a started attempt whose coding facts scoring did not store (else empty). */
  readonly answers: Map<number, Answer>;
  /**
   * Each coding question's answer facts as scoring stored them (migration 027), by position in the `questionIds` asked
   * for (null at the other questions); null when none were stored (not scored, or scored before they were kept).
   */
  readonly coding: (CodingAnswerFacts | null)[] | null;
  /**
   * What scoring found, by position in the `questionIds` asked for: the marks (null where nothing was scored) and the
   * hidden tests' verdicts (null where none were run). Two arrays per attempt, not an object per question: a test of
   * 36 questions has 3.6 M results over 100,000 attempts, and their objects and their garbage were most of this read.
   */
  readonly marks: (number | null)[];
  readonly cases: (readonly boolean[] | null)[];
  /**
   * Of a report "In progress" (issue 32), the questions whose answers await a reviewer's grade, by position (its marks
   * are then the ones so far: the machine's, and a grade's where given); null for any other attempt.
   */
  readonly awaiting: boolean[] | null;
  /**
   * Asked for with `{ texts: true }`: a started attempt whose results and coding texts were both stored keeps them
   * unread here (its marks, cases and coding are then left empty), for the workbook thread to read (decision 423).
   */
  readonly texts: { readonly results: string; readonly coding: string } | null;
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
 * The facts of every invitation of an org's test up to `throughId`, in id order (the Candidates sheet's order), in
 * keyset-paged batches of two queries whatever the number of attempts (the scored results are one text per attempt,
 * migration 021): what the Excel export's Questions sheet is built from, in flat memory. `throughId` is the last invitation the Candidates sheet showed, so the two sheets stay
 * row for row when candidates register while the export runs. Only the columns the sheet shows are read (no test
 * definition, no whole invitation or candidate record). The results are given by position in `questionIds` (the
 * sheet's question order).
 */
export async function* attemptFactsOfTest(
  db: Kysely<Database>,
  orgId: number,
  testId: number,
  questionIds: readonly number[],
  { throughId = Number.MAX_SAFE_INTEGER, batchSize = 500, texts = false } = {},
): AsyncGenerator<AttemptFacts[]> {
  const positionOf = new Map(questionIds.map((id, position) => [id, position]));
  let afterId = 0;
  while (afterId < throughId) {
    const invitations = await testInvitationsPage(db, orgId, testId, afterId, throughId, batchSize)
      .leftJoin('attempt_results', 'attempt_results.invitation_id', 'invitations.id')
      .select([
        'invitations.id as id',
        'invitations.started_at as startedAt',
        'invitations.report_status as reportStatus',
        'candidates.email as email',
        'candidates.full_name as fullName',
        'attempt_results.results as results',
        'attempt_results.coding as coding',
      ])
      .execute();
    if (invitations.length === 0) return;
    // Scoring's stored facts spare reading the code answers: 400,000 row look-ups in 3 M answers per 100,000 attempts.
    const started = invitations.flatMap((row) => (row.startedAt === null || row.coding !== null ? [] : [row.id]));
    const answers =
      started.length === 0
        ? []
        : await db
            .selectFrom('answers')
            .select(['invitation_id', 'question_id', 'code', 'language'])
            .where('invitation_id', 'in', started)
            .where('option_ids', 'is', null)
            .execute();
    const answersOf = grouped(answers, (row) => row.invitation_id);
    // A report awaiting grades keeps no results text: its marks so far and what awaits are read for it alone.
    const reviewing = await reviewFactsOf(
      db,
      invitations.flatMap((row) => (row.results === null && row.reportStatus === REPORT_STATUS.inProgress ? [row.id] : [])),
    );
    yield invitations.map((row): AttemptFacts => {
      const invitation = { id: row.id, startedAt: row.startedAt };
      const candidate = { email: row.email, fullName: row.fullName };
      if (texts && row.startedAt !== null && row.results !== null && row.coding !== null) {
        return {
          invitation,
          candidate,
          answers: new Map(),
          marks: [],
          cases: [],
          coding: null,
          awaiting: null,
          texts: { results: row.results, coding: row.coding },
        };
      }
      const marks = new Array<number | null>(questionIds.length).fill(null);
      const cases = new Array<readonly boolean[] | null>(questionIds.length).fill(null);
      readResultsText(row.results, positionOf, marks, cases);
      const review = reviewing.get(row.id);
      let awaiting: boolean[] | null = null;
      if (review) {
        awaiting = new Array<boolean>(questionIds.length).fill(false);
        questionIds.forEach((questionId, position) => {
          marks[position] = review.marks.get(questionId) ?? null;
          cases[position] = review.cases.get(questionId) ?? null;
          awaiting![position] = review.awaiting.has(questionId);
        });
      }
      let coding: (CodingAnswerFacts | null)[] | null = null;
      if (row.coding !== null) {
        coding = new Array<CodingAnswerFacts | null>(questionIds.length).fill(null);
        readCodingText(row.coding, positionOf, coding);
      }
      return {
        invitation,
        candidate,
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
        coding,
        awaiting,
        texts: null,
      };
    });
    afterId = invitations[invitations.length - 1]!.id;
  }
}
