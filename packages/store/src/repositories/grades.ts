import { type Kysely, sql } from 'kysely';
import {
  finalScore,
  formatWireDateTime,
  INVITATION_STATUS,
  ok,
  REPORT_STATUS,
  resultsTextOf,
  type AcceptedGrade,
  type CriterionMarks,
  type Grade,
  type GradeFacts,
  type GradeState,
  type InvitationStatus,
  type Result,
} from '@assay/domain';
import type { Database } from '../database.js';
import type { ImportedTests } from './imported-tests.js';
import { releaseWaitingOn } from './jobs.js';
import { inTransaction } from '../engine/transaction-steps.js';
import { recordHistory } from './invitation-history.js';

/** What the grading rule decides from (the domain's `GradeFacts`, re-exported for the store's callers). */
export type { GradeFacts } from '@assay/domain';

/** What recording a grade did: the grade as stored, and whether it made the score final (the last one outstanding). */
export interface RecordedGrade {
  readonly grade: Grade;
  /** This grade graded the last answer awaiting one: the score is final and the report Generated now. */
  readonly finalised: boolean;
  /** A grade was recorded before for this answer (kept in the history). */
  readonly regraded: boolean;
  /** The attempt's score after this grade; null while other answers still await one. */
  readonly score: number | null;
  /** How many of the attempt's answers still await a grade after this one. */
  readonly awaiting: number;
}

/** One grade as the history lists it, the current one last among its answer's. */
export interface GradeHistoryEntry extends Grade {
  readonly questionId: number;
  /** When a later grade replaced it (UTC, the wire's YYYY-MM-DDTHH:MM:SS); null for the current grade. */
  readonly supersededAt: string | null;
}

const gradeColumns = ['g.question_id', 'g.marks', 'g.criteria', 'g.comment', 'g.key_id', 'g.graded_at', 'g.superseded_at', 'k.label', 'k.prefix'] as const;

export type GradeRow = {
  marks: number;
  criteria: string | null;
  comment: string | null;
  key_id: number;
  graded_at: number;
  label: string | null;
  prefix: string;
};

/** A stored grade row, with its key's label and prefix, as the API shows it. */
export const toGrade = (row: GradeRow): Grade => ({
  marks: Number(row.marks),
  criteria: row.criteria === null ? [] : (JSON.parse(row.criteria) as CriterionMarks[]),
  comment: row.comment,
  gradedBy: { keyId: Number(row.key_id), label: row.label ?? row.prefix },
  gradedAt: formatWireDateTime(Number(row.graded_at)),
});

/** A person's grades of written answers (migration 024): recorded with their effect on the score, read per attempt. */
export class GradesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly importedTests: ImportedTests,
  ) {}

  /**
   * Records a grade in one transaction, as `decide` (the domain's `decideGrade`) rules from the facts read in it: the
   * current grade (if any) is superseded, the answer leaves the review items, and when it was the last one the final
   * score (the machine's marks and every grade) is written and the report Generated, and the held announcements
   * (completion callback, stakeholder email) are released. The invitation row is locked first (an update), so two
   * graders finishing an attempt's last two answers at once cannot both see the other's as still outstanding. The
   * same grade again by the same key (a retried PUT) records nothing and answers the grade as it stands.
   * Undefined: no such invitation in the org.
   */
  async record(
    orgId: number,
    invitationId: number,
    questionId: number,
    keyId: number,
    now: number,
    decide: (facts: GradeFacts) => Result<AcceptedGrade>,
  ): Promise<Result<RecordedGrade> | undefined> {
    return inTransaction(this.db, async (trx) => {
      // Updated to itself: the row lock that serialises graders of one attempt, whatever the rule then decides.
      const invitation = await trx
        .updateTable('invitations')
        .set({ updated_at: sql<number>`updated_at` })
        .where('id', '=', invitationId)
        .where('org_id', '=', orgId)
        .returning(['test_id', 'status', 'report_status', 'score'])
        .executeTakeFirst();
      if (!invitation) return undefined;
      const questions = await this.importedTests.questions(trx, invitation.test_id);
      const question = questions.find((entry) => entry.id === questionId);
      const [awaiting, current] = await Promise.all([
        trx.selectFrom('review_items').select('question_id').where('invitation_id', '=', invitationId).where('question_id', '=', questionId).executeTakeFirst(),
        trx
          .selectFrom('grades as g')
          .innerJoin('api_keys as k', 'k.id', 'g.key_id')
          .select(['g.id', ...gradeColumns])
          .where('g.invitation_id', '=', invitationId)
          .where('g.question_id', '=', questionId)
          .where('g.superseded_at', 'is', null)
          .executeTakeFirst(),
      ]);
      const state: GradeState = current ? 'graded' : awaiting ? 'awaiting' : 'none';
      const decided = decide({ status: invitation.status as InvitationStatus, questionId, question: question?.definition, state });
      if (decided.err) return { err: decided.err };
      const accepted = decided.val;
      const criteria = accepted.criteria.length === 0 ? null : JSON.stringify(accepted.criteria);
      if (
        current &&
        Number(current.key_id) === keyId &&
        Number(current.marks) === accepted.marks &&
        current.criteria === criteria &&
        current.comment === accepted.comment
      ) {
        const generated = invitation.report_status === REPORT_STATUS.generated;
        return ok({
          grade: toGrade(current),
          regraded: false,
          finalised: false,
          score: generated ? Number(invitation.score) : null,
          awaiting: await this.left(trx, invitationId),
        });
      }
      if (current) await trx.updateTable('grades').set({ superseded_at: now }).where('id', '=', current.id).execute();
      // The invitation's history names the grade and its key in the grade's own transaction (issue 32 item 6).
      await recordHistory(trx, invitationId, { kind: 'graded', details: { questionId, marks: accepted.marks } }, { keyId }, now);
      await trx
        .insertInto('grades')
        .values({
          invitation_id: invitationId,
          question_id: questionId,
          marks: accepted.marks,
          criteria,
          comment: accepted.comment,
          key_id: keyId,
          graded_at: now,
          superseded_at: null,
        })
        .execute();
      // The question's marks in the report are the grade's from now on (the machine gave an awaiting answer 0).
      await trx
        .updateTable('question_results')
        .set({ marks: accepted.marks })
        .where('invitation_id', '=', invitationId)
        .where('question_id', '=', questionId)
        .execute();
      await trx.deleteFrom('review_items').where('invitation_id', '=', invitationId).where('question_id', '=', questionId).execute();
      await trx.updateTable('invitations').set({ updated_at: now }).where('id', '=', invitationId).execute();
      const key = await trx.selectFrom('api_keys').select(['label', 'prefix']).where('id', '=', keyId).executeTakeFirstOrThrow();
      const grade = toGrade({
        marks: accepted.marks,
        criteria,
        comment: accepted.comment,
        key_id: keyId,
        graded_at: now,
        label: key.label,
        prefix: key.prefix,
      });
      const recorded = { grade, regraded: current !== undefined };
      const left = await this.left(trx, invitationId);
      if (left > 0) return ok({ ...recorded, finalised: false, score: null, awaiting: left });
      const score = await this.writeFinalScore(trx, invitationId, invitation.test_id, questions, now);
      const finalised = invitation.report_status !== REPORT_STATUS.generated;
      // The completion callback and stakeholder email were held for the final score: they go now, once (a regrade
      // after the report is Generated finds nothing held to release).
      if (finalised) await releaseWaitingOn(trx, invitationId, now);
      return ok({ ...recorded, finalised, score, awaiting: 0 });
    });
  }

  /** How many of the attempt's answers await a grade. */
  private async left(trx: Kysely<Database>, invitationId: number): Promise<number> {
    const { count } = await trx
      .selectFrom('review_items')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('invitation_id', '=', invitationId)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** The final score from the stored marks (the machine's, the graded questions' replaced by their grades), and the report Generated. */
  private async writeFinalScore(
    trx: Kysely<Database>,
    invitationId: number,
    testId: number,
    questions: readonly { id: number; sectionId: number }[],
    now: number,
  ): Promise<number> {
    const [results, grades, sections] = await Promise.all([
      trx.selectFrom('question_results').select(['question_id', 'marks', 'cases']).where('invitation_id', '=', invitationId).execute(),
      trx.selectFrom('grades').select(['question_id', 'marks']).where('invitation_id', '=', invitationId).where('superseded_at', 'is', null).execute(),
      trx.selectFrom('sections').select('id').where('test_id', '=', testId).orderBy('position').execute(),
    ]);
    const scored = questions.map((question) => ({ questionId: question.id, sectionId: question.sectionId }));
    const machine = new Map(results.map((row) => [Number(row.question_id), Number(row.marks)]));
    const graded = new Map(grades.map((row) => [Number(row.question_id), Number(row.marks)]));
    const score = finalScore(scored, machine, graded);
    await trx
      .updateTable('invitations')
      .set({ score: score.total, report_status: REPORT_STATUS.generated, updated_at: now })
      .where('id', '=', invitationId)
      .where('status', '=', INVITATION_STATUS.completed)
      .execute();
    await trx.deleteFrom('section_results').where('invitation_id', '=', invitationId).execute();
    if (sections.length > 0) {
      await trx
        .insertInto('section_results')
        .values(sections.map((section) => ({ invitation_id: invitationId, section_id: section.id, score: score.bySection.get(Number(section.id)) ?? 0 })))
        .execute();
    }
    const cases = new Map(results.map((row) => [Number(row.question_id), row.cases === null ? null : (JSON.parse(row.cases) as boolean[])]));
    await trx.deleteFrom('attempt_results').where('invitation_id', '=', invitationId).execute();
    if (results.length > 0) {
      const text = resultsTextOf(
        scored.map(({ questionId }) => ({ questionId, marks: score.byQuestion.get(questionId) ?? 0, cases: cases.get(questionId) ?? null })),
      );
      await trx.insertInto('attempt_results').values({ invitation_id: invitationId, results: text }).execute();
    }
    return score.total;
  }

  /** An attempt's current grades by question: one read (the partial unique index holds exactly them). */
  async current(orgId: number, invitationId: number): Promise<Map<number, Grade>> {
    const rows = await this.db
      .selectFrom('grades as g')
      .innerJoin('api_keys as k', 'k.id', 'g.key_id')
      .innerJoin('invitations as i', 'i.id', 'g.invitation_id')
      .select(gradeColumns)
      .where('g.invitation_id', '=', invitationId)
      .where('i.org_id', '=', orgId)
      .where('g.superseded_at', 'is', null)
      .execute();
    return new Map(rows.map((row) => [Number(row.question_id), toGrade(row)]));
  }

  /** Every grade the attempt was given, oldest first, each naming its key: what the history lists as "graded". */
  async history(orgId: number, invitationId: number): Promise<GradeHistoryEntry[]> {
    const rows = await this.db
      .selectFrom('grades as g')
      .innerJoin('api_keys as k', 'k.id', 'g.key_id')
      .innerJoin('invitations as i', 'i.id', 'g.invitation_id')
      .select(gradeColumns)
      .where('g.invitation_id', '=', invitationId)
      .where('i.org_id', '=', orgId)
      .orderBy('g.id')
      .execute();
    return rows.map((row) => ({
      ...toGrade(row),
      questionId: Number(row.question_id),
      supersededAt: row.superseded_at === null ? null : formatWireDateTime(Number(row.superseded_at)),
    }));
  }
}
