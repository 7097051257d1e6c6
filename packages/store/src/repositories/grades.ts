import { type Kysely, sql } from 'kysely';
import {
  actorName,
  formatWireDateTime,
  GRADE_BOUND,
  gradeChange,
  gradeStateOf,
  ok,
  reportAfterGrade,
  type AcceptedGrade,
  type CriterionMarks,
  type Grade,
  type GradeFacts,
  type InvitationStatus,
  type ReportStatus,
  type Result,
} from '@assay/domain';
import type { Database } from '../database.js';
import type { ImportedTests } from './imported-tests.js';
import { releaseWaitingOn } from './completion-announcements.js';
import { inTransaction } from '../engine/transaction-steps.js';
import { recordHistory } from './invitation-history.js';
import { writeFinalScore } from './final-score-writes.js';
import { takeBoundedSeq } from './bounded-streams.js';

/** What the grading rule decides from (the domain's `GradeFacts`, re-exported for the store's callers). */
export type { GradeFacts } from '@assay/domain';

/** What recording a grade did: the grade as stored, and whether it made the score final (the last one outstanding). */
export interface RecordedGrade {
  readonly grade: Grade;
  /** This grade graded the last answer awaiting one: the score is final and the report Generated now. */
  readonly finalised: boolean;
  /** A grade was recorded before for this answer (kept in the history). */
  readonly regraded: boolean;
  /** Where the attempt's report stands after this grade (the domain's `reportAfterGrade`). */
  readonly reportStatus: ReportStatus;
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

/**
 * Every grade of the org's invitations `invitationIds` (another org's give none), with its key's person, label and prefix: the
 * one read each list of grades starts from (an attempt's current ones, its history, a page of the review queue).
 */
export const gradesOf = (db: Kysely<Database>, orgId: number, invitationIds: readonly number[]) =>
  db
    .selectFrom('grades as g')
    .innerJoin('api_keys as k', 'k.id', 'g.key_id')
    .leftJoin('people as p', 'p.id', 'k.person_id')
    .innerJoin('invitations as i', 'i.id', 'g.invitation_id')
    .select([
      'g.invitation_id',
      'g.question_id',
      'g.marks',
      'g.criteria',
      'g.comment',
      'g.key_id',
      'g.graded_at',
      'g.superseded_at',
      'k.label',
      'k.prefix',
      'p.name as person_name',
    ])
    .where('g.invitation_id', 'in', invitationIds)
    .where('i.org_id', '=', orgId);

export type GradeRow = {
  marks: number;
  criteria: string | null;
  comment: string | null;
  key_id: number;
  graded_at: number;
  label: string | null;
  prefix: string;
  person_name: string | null;
};

/** A stored grade row, its grader named by actorName (decision 773), as the API shows it. */
export const toGrade = (row: GradeRow): Grade => ({
  marks: Number(row.marks),
  criteria: row.criteria === null ? [] : (JSON.parse(row.criteria) as CriterionMarks[]),
  comment: row.comment,
  gradedBy: { keyId: Number(row.key_id), label: actorName({ personName: row.person_name, label: row.label, prefix: row.prefix }) },
  gradedAt: formatWireDateTime(Number(row.graded_at)),
});

/** A person's grades of written answers (migration 024): recorded with their effect on the score, read per attempt. */
export class GradesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly importedTests: ImportedTests,
  ) {}

  /**
   * Records a grade in one transaction, as `decide` (the domain's `decideGrade`) rules from the facts read in it, and
   * carries out what the domain says recording it does (`gradeChange`, `reportAfterGrade`): the current grade (if any)
   * is superseded, the answer leaves the review items, and when it was the last one the final score (the machine's
   * marks and every grade) is written and the report Generated, and the held announcements (completion callback,
   * stakeholder email) are released. The invitation row is locked first (an update), so two graders finishing an
   * attempt's last two answers at once cannot both see the other's as still outstanding. The same grade again by the
   * same key (a retried PUT) writes nothing and answers the grade as it stands. Undefined: no such invitation in the org.
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
        .returning(['test_id', 'version_test_id', 'status', 'report_status', 'score'])
        .executeTakeFirst();
      if (!invitation) return undefined;
      // A graded attempt started, so it names its version (issue 62 item 4); version 1 is the test's own row.
      const contentId = invitation.version_test_id ?? invitation.test_id;
      const questions = await this.importedTests.questions(trx, contentId);
      const question = questions.find((entry) => entry.id === questionId);
      const [awaiting, currentRow] = await Promise.all([
        trx.selectFrom('review_items').select('question_id').where('invitation_id', '=', invitationId).where('question_id', '=', questionId).executeTakeFirst(),
        gradesOf(trx, orgId, [invitationId]).select('g.id').where('g.question_id', '=', questionId).where('g.superseded_at', 'is', null).executeTakeFirst(),
      ]);
      const state = gradeStateOf({ graded: currentRow !== undefined, awaiting: awaiting !== undefined });
      const decided = decide({ status: invitation.status as InvitationStatus, questionId, question: question?.definition, state });
      if (decided.err) return { err: decided.err };
      const accepted = decided.val;
      const current = currentRow && toGrade(currentRow);
      const change = gradeChange(current, accepted, keyId);
      const grade = change === 'unchanged' && current ? current : await this.write(trx, { invitationId, questionId, keyId, now }, accepted, currentRow?.id);
      const left = await this.left(trx, invitationId);
      const after = reportAfterGrade(change, left, invitation.report_status as ReportStatus);
      const score = after.rescore ? await writeFinalScore(trx, { id: invitationId, testId: contentId }, questions, now) : Number(invitation.score);
      // The completion callback and stakeholder email were held for the final score: they go now, once (a regrade
      // after the report is Generated finds nothing held to release).
      if (after.release) await releaseWaitingOn(trx, invitationId, now);
      return ok({
        grade,
        regraded: change === 'regrade',
        finalised: after.release,
        reportStatus: after.reportStatus,
        score: after.final ? score : null,
        awaiting: left,
      });
    });
  }

  /**
   * Writes an accepted grade of an answer: the one it replaces (`supersedes`, a row id) kept with the time it stopped
   * counting, the history entry naming the grade and its key, the question's marks in the report, and the answer out
   * of the review items.
   */
  private async write(
    trx: Kysely<Database>,
    at: { invitationId: number; questionId: number; keyId: number; now: number },
    accepted: AcceptedGrade,
    supersedes: number | undefined,
  ): Promise<Grade> {
    const { invitationId, questionId, keyId, now } = at;
    const criteria = accepted.criteria.length === 0 ? null : JSON.stringify(accepted.criteria);
    if (supersedes !== undefined) await trx.updateTable('grades').set({ superseded_at: now }).where('id', '=', supersedes).execute();
    // The invitation's history names the grade and its key in the grade's own transaction (issue 32 item 6).
    await recordHistory(trx, invitationId, { kind: 'graded', details: { questionId, marks: accepted.marks } }, { keyId }, now);
    // The answer's grades are a bounded stream (decision 635): its first and latest, the current one always among them.
    const seq = await takeBoundedSeq(trx, { table: 'grades', column: 'question_id', invitationId, value: questionId }, GRADE_BOUND);
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
        seq,
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
    const key = await trx
      .selectFrom('api_keys')
      .leftJoin('people', 'people.id', 'api_keys.person_id')
      .select(['api_keys.label', 'api_keys.prefix', 'people.name as person_name'])
      .where('api_keys.id', '=', keyId)
      .executeTakeFirstOrThrow();
    return toGrade({ marks: accepted.marks, criteria, comment: accepted.comment, key_id: keyId, graded_at: now, ...key });
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

  /** An attempt's current grades by question: one read (the partial unique index holds exactly them). */
  async current(orgId: number, invitationId: number): Promise<Map<number, Grade>> {
    const rows = await gradesOf(this.db, orgId, [invitationId]).where('g.superseded_at', 'is', null).execute();
    return new Map(rows.map((row) => [Number(row.question_id), toGrade(row)]));
  }

  /**
   * The grades the attempt keeps, oldest first, each naming its key: of each answer its first and latest (GRADE_BOUND,
   * decision 635; the history's `graded` entries and their omitted count say how many there were).
   */
  async history(orgId: number, invitationId: number): Promise<GradeHistoryEntry[]> {
    const rows = await gradesOf(this.db, orgId, [invitationId]).orderBy('g.id').execute();
    return rows.map((row) => ({
      ...toGrade(row),
      questionId: Number(row.question_id),
      supersededAt: row.superseded_at === null ? null : formatWireDateTime(Number(row.superseded_at)),
    }));
  }
}
