import { type Kysely, sql } from 'kysely';
import {
  INVITATION_STATUS,
  REPORT_STATUS,
  type Answer,
  type AttemptEvent,
  type Candidate,
  type Invitation,
  type InvitationStatus,
  type Org,
  type ProctoringCounters,
  type QuestionRecord,
  type Result,
  type TestLink,
  type TestRecord,
} from '@assay/domain';
import { appendAttemptEvent } from './attempt-event-log.js';
import { takesWritesAt } from './attempt-writes.js';
import { recordPlaybackFrame } from './question-signals.js';
import { recordCoalescedHistory } from './invitation-history.js';
import type { Database, InvitationRow } from '../database.js';
import { proctoringColumns, toAnswer, toCandidate, toInvitation, toOrg } from './records.js';
import { toTestLink } from './test-links.js';
import type { ImportedTests } from './imported-tests.js';
import { insertSnapshot, insertSnapshotIfAdmitted, snapshotListOf, snapshotsOf, snapshotTimesSince, type Snapshot } from './attempt-snapshots.js';
import { writeAttemptScore, type AttemptScoreRecord } from './attempt-score-writes.js';

/** Everything the candidate side needs about one invitation, found by its take-test token. */
export interface AttemptContext {
  invitation: Invitation;
  candidate: Candidate;
  test: TestRecord;
  link: TestLink | undefined;
  /** Whose test it is: the pages name the org and its contact. */
  org: Org;
  /** How many days after it ends the org keeps the attempt (its retention rule, migration 043); null: no rule. */
  retentionDays: number | null;
}

export interface SavedAnswerRow {
  questionId: number;
  answer: Answer;
  savedAt: number;
}

/**
 * An attempt takes its candidate's writes (answers, events, snapshots) while it runs and `now` is before its
 * deadline; answers made before the deadline also up to `graceMs` after it. The same rule as the domain's
 * requireTimeLeft and acceptAnswer, checked again where the write happens.
 */
/** The candidate side of an invitation: lookups by token, answers, proctoring, snapshots and scores. */
export class AttemptsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly importedTests: ImportedTests,
  ) {}

  async findByToken(token: string): Promise<AttemptContext | undefined> {
    const invitation = await this.db.selectFrom('invitations').selectAll().where('token', '=', token).executeTakeFirst();
    return invitation && this.contextOf(invitation);
  }

  /** The invitation a take-test token opens, by the token's unique index alone: what the candidate API's limits key on. */
  async invitationIdOfToken(token: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('invitations').select('id').where('token', '=', token).executeTakeFirst();
    return row?.id;
  }

  async findById(invitationId: number): Promise<AttemptContext | undefined> {
    const invitation = await this.db.selectFrom('invitations').selectAll().where('id', '=', invitationId).executeTakeFirst();
    return invitation && this.contextOf(invitation);
  }

  private async contextOf(invitation: InvitationRow): Promise<AttemptContext> {
    const [candidate, test, link, org] = await Promise.all([
      this.db.selectFrom('candidates').selectAll().where('id', '=', invitation.candidate_id).executeTakeFirstOrThrow(),
      this.testOf(invitation),
      invitation.test_link_id === null ? undefined : this.db.selectFrom('test_links').selectAll().where('id', '=', invitation.test_link_id).executeTakeFirst(),
      this.db.selectFrom('orgs').selectAll().where('id', '=', invitation.org_id).executeTakeFirstOrThrow(),
    ]);
    return {
      invitation: toInvitation(invitation),
      candidate: toCandidate(candidate),
      test,
      link: link && toTestLink(link),
      org: toOrg(org),
      retentionDays: org.retention_ended_days === null ? null : Number(org.retention_ended_days),
    };
  }

  /**
   * The invitation's test as its attempt takes it: the version it started on, or before it starts the current one. Of
   * its org, so it exists (a foreign key); each version read once per store (a version's content never changes).
   */
  private async testOf(invitation: InvitationRow): Promise<TestRecord> {
    const contentId = invitation.version_test_id ?? (await this.importedTests.currentVersionId(this.db, invitation.test_id));
    const test = await this.importedTests.record(this.db, invitation.org_id, contentId);
    if (!test) throw new Error(`no test ${invitation.test_id} in org ${invitation.org_id}`);
    return test;
  }

  /** The test's questions in the order the candidate sees them (tests never change: read once per store). */
  questions(testId: number): Promise<readonly QuestionRecord[]> {
    return this.importedTests.questions(this.db, testId);
  }

  /** The questions of every version of the test, oldest first (issue 62 item 4): what lines versions up. */
  questionsOfEveryVersion(testId: number): Promise<readonly QuestionRecord[]> {
    return this.importedTests.questionsOfEveryVersion(this.db, testId);
  }

  async answers(invitationId: number): Promise<SavedAnswerRow[]> {
    const rows = await this.db.selectFrom('answers').selectAll().where('invitation_id', '=', invitationId).execute();
    return rows.map((row) => ({ questionId: row.question_id, answer: toAnswer(row), savedAt: row.saved_at }));
  }

  /**
   * Stores an answer only if the attempt still takes it when it is written (running, and before the deadline plus
   * `graceMs`): the check and the write are one transaction (the row is locked on PostgreSQL), so a concurrent
   * submit either sees the answer or refuses it. False when the attempt no longer takes answers.
   */
  async saveAnswer(invitationId: number, questionId: number, answer: Answer, now: number, graceMs = 0): Promise<boolean> {
    const values = {
      option_ids: answer.optionIds === undefined ? null : JSON.stringify([...new Set(answer.optionIds)].sort((a, b) => a - b)),
      code: answer.code ?? null,
      language: answer.language ?? null,
      text: answer.text ?? null,
      // A PUT replaces the answer whole: no drafts sent is none kept (decision 1124).
      drafts: answer.drafts && Object.keys(answer.drafts).length > 0 ? JSON.stringify(answer.drafts) : null,
      saved_at: now,
    };
    return this.db.transaction().execute(async (trx) => {
      const running = await trx
        .updateTable('invitations')
        .set({ updated_at: now })
        .where('id', '=', invitationId)
        .where(takesWritesAt(now, graceMs))
        .executeTakeFirst();
      if (Number(running.numUpdatedRows) !== 1) return false;
      // The code's history reads the code saved before this one: written before the answer is.
      if (answer.code !== undefined) await recordPlaybackFrame(trx, invitationId, questionId, answer.code, now);
      await trx
        .insertInto('answers')
        .values({ invitation_id: invitationId, question_id: questionId, ...values })
        .onConflict((conflict) => conflict.columns(['invitation_id', 'question_id']).doUpdateSet(values))
        .execute();
      await recordCoalescedHistory(trx, invitationId, 'answers-saved', 'candidate', now);
      return true;
    });
  }

  /**
   * Logs one of the page's events and, when it moves them, writes the new proctoring counters: in one transaction,
   * only while the attempt takes writes (running, before its deadline) and only if nobody changed the counters
   * since `previous` was read (the row is locked on PostgreSQL). False means nothing was written: read again.
   */
  async recordEvent(
    invitationId: number,
    event: AttemptEvent,
    counters: { previous: ProctoringCounters; next: ProctoringCounters },
    now: number,
  ): Promise<boolean> {
    const { previous, next } = counters;
    return this.db.transaction().execute(async (trx) => {
      const written = await trx
        .updateTable('invitations')
        .set(next === previous ? (eb) => ({ status: eb.ref('status') }) : { ...proctoringColumns(next), updated_at: now })
        .where('id', '=', invitationId)
        .where(takesWritesAt(now))
        .where('window_violations', '=', previous.wv)
        .where('time_violation_seconds', '=', previous.tv)
        .where('left_at', previous.leftAt === null ? 'is' : '=', previous.leftAt)
        .where('left_on_unload', '=', previous.unloading ? 1 : 0)
        .executeTakeFirst();
      if (Number(written.numUpdatedRows) !== 1) return false;
      await appendAttemptEvent(trx, invitationId, event);
      return true;
    });
  }

  async addSnapshot(invitationId: number, takenAt: number, mediaType: string, data: Buffer): Promise<number> {
    return insertSnapshot(this.db, invitationId, takenAt, mediaType, data);
  }

  /** The invitation's snapshots without their bytes, oldest first (the report's contact sheet lists them). */
  async snapshotList(invitationId: number): Promise<{ id: number; takenAt: number }[]> {
    return snapshotListOf(this.db, invitationId);
  }

  /** When the invitation's snapshots taken after `since` were taken, oldest first. */
  async snapshotTimesSince(invitationId: number, since: number): Promise<number[]> {
    return snapshotTimesSince(this.db, invitationId, since);
  }

  /**
   * Stores a snapshot if `decide` admits it on facts read in the same transaction: the attempt's status and deadline,
   * and the times of its snapshots since `since`. On PostgreSQL the invitation row is locked first (a no-op update),
   * so concurrent uploads of one attempt are decided one after the other and cannot all pass a rate check; SQLite
   * serializes writers.
   */
  async addSnapshotIfAdmitted(
    snapshot: { invitationId: number; takenAt: number; mediaType: string; data: Buffer },
    since: number,
    decide: (facts: { status: InvitationStatus; deadline: number | null; recentTakenAt: number[] }) => Result<true>,
  ): Promise<Result<number>> {
    return insertSnapshotIfAdmitted(this.db, snapshot, since, decide);
  }

  async snapshots(invitationId: number, limit = 24): Promise<Snapshot[]> {
    return snapshotsOf(this.db, invitationId, limit);
  }

  /** In-progress attempts whose deadline is at or before `cutoff` (the domain's `expiryCutoff`), oldest first. */
  async overdue(cutoff: number, limit = 100): Promise<{ id: number; orgId: number }[]> {
    return this.db
      .selectFrom('invitations')
      .select(['id', 'org_id as orgId'])
      .where('status', '=', sql.lit(INVITATION_STATUS.inProgress))
      .where('deadline_at', '<=', cutoff)
      .orderBy('deadline_at')
      .limit(limit)
      .execute();
  }

  /** Completed attempts whose report is not generated yet (e.g. after a crash mid-scoring). */
  async unscored(limit = 100): Promise<number[]> {
    const rows = await this.db
      .selectFrom('invitations')
      .select('id')
      .where('status', '=', sql.lit(INVITATION_STATUS.completed))
      .where('report_status', '<>', sql.lit(REPORT_STATUS.generated))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async markReportInProgress(invitationId: number, now: number): Promise<void> {
    await this.db
      .updateTable('invitations')
      .set({ report_status: REPORT_STATUS.inProgress, updated_at: now })
      .where('id', '=', invitationId)
      .where('status', '=', INVITATION_STATUS.completed)
      .execute();
  }

  /**
   * Stores the scores and marks the report Generated, only while the attempt is still Completed. With answers awaiting
   * review the report stays In progress with no score (0, as before scoring): the machine's marks and the review items are stored for the grading.
   */
  async saveScore(invitationId: number, record: AttemptScoreRecord, now: number): Promise<boolean> {
    return writeAttemptScore(this.db, invitationId, record, now);
  }

  /** The questions of a scored attempt whose answers wait for a person, in question order (empty when none do). */
  async awaitingReview(invitationId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('review_items').select('question_id').where('invitation_id', '=', invitationId).orderBy('question_id').execute();
    return rows.map((row) => row.question_id);
  }
}
