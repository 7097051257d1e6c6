import type { Kysely } from 'kysely';
import type { FollowUpMark, FollowUpQuestion, FollowUpRecord, FollowUpReviewFacts, FollowUpSource, ReportFollowUp } from '@assay/domain/ai';
import type { Database } from '../database.js';
import type { FollowUpsTable } from '../tables/follow-ups.js';

type Row = Omit<FollowUpsTable, 'id' | 'answer' | 'pastes_refused'> & { id: number; answer: string; pastes_refused: number };

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

const toRecord = (row: Row): FollowUpRecord => ({
  questionId: Number(row.question_id),
  position: Number(row.position),
  text: row.text,
  source: row.source as FollowUpSource,
  servedAt: iso(row.served_at),
  seconds: Number(row.seconds),
  answer: row.answer,
  answeredAt: iso(row.answered_at),
  pastesRefused: Number(row.pastes_refused),
  mark: row.mark as FollowUpMark | null,
});

/** A follow-up as a reviewer sees it: the record and who marked it. */
export type ReviewedFollowUp = ReportFollowUp;

/**
 * An attempt's authorship follow-ups (migration 058; docs/ai.md "Authorship follow-ups"). Found by invitation id: the
 * candidate side reaches it through its token, the org side through `invitations.find(orgId, id)` first (tenant
 * scoping, README of this folder).
 */
export class FollowUpsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The attempt's follow-ups (of one question, when given), by question then position. */
  async of(invitationId: number, questionId?: number): Promise<ReviewedFollowUp[]> {
    let query = this.db.selectFrom('follow_ups').selectAll().where('invitation_id', '=', invitationId);
    if (questionId !== undefined) query = query.where('question_id', '=', questionId);
    const rows = await query.orderBy('question_id').orderBy('position').execute();
    return rows.map((row) => ({ ...toRecord(row as Row), markedBy: row.marked_by }));
  }

  /** The follow-ups of several invitations (the person's export), by invitation; each list in order. */
  async ofInvitations(invitationIds: readonly number[]): Promise<Map<number, ReviewedFollowUp[]>> {
    const byId = new Map<number, ReviewedFollowUp[]>(invitationIds.map((id) => [id, []]));
    if (invitationIds.length === 0) return byId;
    const rows = await this.db
      .selectFrom('follow_ups')
      .selectAll()
      .where('invitation_id', 'in', invitationIds)
      .orderBy('invitation_id')
      .orderBy('question_id')
      .orderBy('position')
      .execute();
    for (const row of rows) byId.get(Number(row.invitation_id))?.push({ ...toRecord(row as Row), markedBy: row.marked_by });
    return byId;
  }

  /**
   * Stores a question's follow-ups, the first served at `now`; a second submission (another tab, a retry) finds them
   * there and stores nothing: the unique position key settles a race. Answers the stored ones either way.
   */
  async serve(invitationId: number, questionId: number, questions: readonly FollowUpQuestion[], seconds: number, now: number): Promise<ReviewedFollowUp[]> {
    if (questions.length > 0 && (await this.of(invitationId, questionId)).length === 0) {
      await this.db
        .insertInto('follow_ups')
        .values(
          questions.map((question, position) => ({
            invitation_id: invitationId,
            question_id: questionId,
            position,
            text: question.text,
            source: question.source,
            seconds,
            served_at: position === 0 ? now : null,
            answered_at: null,
            mark: null,
            marked_by: null,
            marked_at: null,
          })),
        )
        .onConflict((conflict) => conflict.columns(['invitation_id', 'question_id', 'position']).doNothing())
        .execute();
    }
    return this.of(invitationId, questionId);
  }

  /** Starts the timer of a position not served yet; false when it was already served (or is not there). */
  async startTimer(invitationId: number, questionId: number, position: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('follow_ups')
      .set({ served_at: now })
      .where('invitation_id', '=', invitationId)
      .where('question_id', '=', questionId)
      .where('position', '=', position)
      .where('served_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Writes what the domain's `saveFollowUpAnswer` or `recordRefusedPaste` made of a follow-up. */
  async save(invitationId: number, followUp: FollowUpRecord): Promise<void> {
    await this.db
      .updateTable('follow_ups')
      .set({
        answer: followUp.answer,
        answered_at: followUp.answeredAt === null ? null : Date.parse(followUp.answeredAt),
        pastes_refused: followUp.pastesRefused,
      })
      .where('invitation_id', '=', invitationId)
      .where('question_id', '=', followUp.questionId)
      .where('position', '=', followUp.position)
      .execute();
  }

  /** A reviewer's mark (or its removal, null); false when there is no such follow-up. Never touches a score. */
  async mark(invitationId: number, questionId: number, position: number, mark: FollowUpMark | null, by: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('follow_ups')
      .set({ mark, marked_by: mark === null ? null : by, marked_at: mark === null ? null : now })
      .where('invitation_id', '=', invitationId)
      .where('question_id', '=', questionId)
      .where('position', '=', position)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Every answered question's follow-ups of the org's test, with the answer they are about and who wrote it, ordered
   * by invitation and question; undefined for a test that is not the org's (404 like a missing one).
   */
  async forReview(orgId: number, testId: number): Promise<FollowUpReviewFacts[] | undefined> {
    const test = await this.db.selectFrom('tests').select('id').where('id', '=', testId).where('org_id', '=', orgId).executeTakeFirst();
    if (!test) return undefined;
    const rows = await this.db
      .selectFrom('follow_ups')
      .innerJoin('invitations', 'invitations.id', 'follow_ups.invitation_id')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .leftJoin('answers', (join) =>
        join.onRef('answers.invitation_id', '=', 'follow_ups.invitation_id').onRef('answers.question_id', '=', 'follow_ups.question_id'),
      )
      .selectAll('follow_ups')
      .select(['candidates.full_name as candidate_name', 'answers.code as code', 'answers.text as answer_text', 'answers.language as language'])
      .where('invitations.org_id', '=', orgId)
      .where('invitations.test_id', '=', testId)
      .orderBy('follow_ups.invitation_id')
      .orderBy('follow_ups.question_id')
      .orderBy('follow_ups.position')
      .execute();
    const items = new Map<string, FollowUpReviewFacts & { followUps: ReportFollowUp[] }>();
    for (const row of rows) {
      const key = `${row.invitation_id}:${row.question_id}`;
      let item = items.get(key);
      if (!item) {
        item = {
          invitationId: Number(row.invitation_id),
          candidateName: row.candidate_name,
          questionId: Number(row.question_id),
          answer: row.code ?? row.answer_text ?? '',
          language: row.language,
          followUps: [],
        };
        items.set(key, item);
      }
      item.followUps.push({ ...toRecord(row as Row), markedBy: row.marked_by });
    }
    return [...items.values()];
  }
}
