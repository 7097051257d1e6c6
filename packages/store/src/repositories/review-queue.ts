import { type Kysely, sql } from 'kysely';
import { reviewAnswerKey, type ReviewEntry, type ReviewPageFacts, type ReviewQueueSource } from '@assay/domain';
import { gradesOf, toGrade } from './grades.js';
import type { Database } from '../database.js';
import type { ImportedTests } from './imported-tests.js';

/** The review queue's reads (issue 32): what awaits grading for a test, and the details of one page of it. */
export class ReviewQueueRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly importedTests: ImportedTests,
  ) {}

  /** The org's test's queue, or undefined (no such test in the org). Only `questionId`'s answers when given. */
  async facts(orgId: number, testId: number, questionId?: number): Promise<ReviewQueueSource | undefined> {
    if (!(await this.importedTests.record(this.db, orgId, testId))) return undefined;
    const awaiting = this.db
      .selectFrom('review_items as r')
      .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
      .select(['r.invitation_id as invitationId', 'r.question_id as questionId', sql<number>`0`.as('graded')])
      .where('i.test_id', '=', testId)
      .where('i.org_id', '=', orgId)
      .$if(questionId !== undefined, (query) => query.where('r.question_id', '=', questionId ?? 0));
    const graded = this.db
      .selectFrom('grades as g')
      .innerJoin('invitations as i', 'i.id', 'g.invitation_id')
      .select(['g.invitation_id as invitationId', 'g.question_id as questionId', sql<number>`1`.as('graded')])
      .where('i.test_id', '=', testId)
      .where('i.org_id', '=', orgId)
      // Current grades only: a reset supersedes its attempt's (they were of answers that are gone).
      .where('g.superseded_at', 'is', null)
      .$if(questionId !== undefined, (query) => query.where('g.question_id', '=', questionId ?? 0));
    // Attempts of every version wait in one queue (issue 62 item 4): their answers are looked up among all versions' questions.
    const [questions, rows] = await Promise.all([this.importedTests.questionsOfEveryVersion(this.db, testId), awaiting.unionAll(graded).execute()]);
    const entries = rows.map((row) => ({ invitationId: Number(row.invitationId), questionId: Number(row.questionId), graded: Number(row.graded) === 1 }));
    return { questions, entries };
  }

  /** The answers' texts, their candidates and current grades, for one page of the org's queue. */
  async answers(orgId: number, entries: readonly ReviewEntry[]): Promise<ReviewPageFacts> {
    const invitationIds = [...new Set(entries.map((entry) => entry.invitationId))];
    if (invitationIds.length === 0) return { texts: new Map(), candidates: new Map(), grades: new Map() };
    const [answers, candidates, grades] = await Promise.all([
      this.db
        .selectFrom('answers as a')
        .innerJoin('invitations as i', 'i.id', 'a.invitation_id')
        .select(['a.invitation_id', 'a.question_id', 'a.text'])
        .where('a.invitation_id', 'in', invitationIds)
        .where('i.org_id', '=', orgId)
        .where('a.text', 'is not', null)
        .execute(),
      this.db
        .selectFrom('invitations as i')
        .innerJoin('candidates as c', 'c.id', 'i.candidate_id')
        .select(['i.id', 'c.full_name', 'c.email'])
        .where('i.id', 'in', invitationIds)
        .where('i.org_id', '=', orgId)
        .execute(),
      gradesOf(this.db, orgId, invitationIds).where('g.superseded_at', 'is', null).execute(),
    ]);
    return {
      texts: new Map(answers.map((row) => [reviewAnswerKey(Number(row.invitation_id), Number(row.question_id)), row.text ?? ''])),
      candidates: new Map(candidates.map((row) => [Number(row.id), { fullName: row.full_name, email: row.email }])),
      grades: new Map(grades.map((row) => [reviewAnswerKey(Number(row.invitation_id), Number(row.question_id)), toGrade(row)])),
    };
  }
}
