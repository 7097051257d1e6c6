import type { Kysely } from 'kysely';
import { INVITATION_STATUS, REPORT_STATUS, codingTextOf, reportStatusAfterScoring, resultsTextOf, type StoredCodingFacts } from '@assay/domain';
import type { Database } from '../database.js';
import { enqueueSubmittedEvent } from './submitted-event.js';
import { recordHistory } from './invitation-history.js';

export interface AttemptScoreRecord {
  score: number;
  timeTaken: number;
  sections: { sectionId: number; score: number }[];
  /** Each question's marks, and each hidden test's verdict for coding answers that ran. */
  questions: { questionId: number; marks: number; cases: boolean[] | null }[];
  /**
   * Questions whose answers wait for a person (the domain's `awaitingReview`). With any, the score is not final: the
   * report stays "In progress" without a score, and only the machine's marks and what awaits review are stored.
   */
  awaitingReview?: readonly number[];
  /**
   * Every coding question's answer facts (language, answered) as scoring decided them, kept beside the results text
   * for the Excel export (migration 027); without them the export reads the code answers.
   */
  coding?: readonly StoredCodingFacts[];
}

/** `attempts.saveScore`: the scoring's outcome written in one transaction, while the attempt is still Completed. */
export const writeAttemptScore = async (db: Kysely<Database>, invitationId: number, record: AttemptScoreRecord, now: number): Promise<boolean> => {
  const awaiting = record.awaitingReview ?? [];
  // The domain's rule: final (Generated) when nothing awaits a person, else In progress.
  const reportStatus = reportStatusAfterScoring({ awaitingReview: awaiting });
  const final = reportStatus === REPORT_STATUS.generated;
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('invitations')
      .set({ score: final ? record.score : 0, time_taken: record.timeTaken, report_status: reportStatus, updated_at: now })
      .where('id', '=', invitationId)
      .where('status', '=', INVITATION_STATUS.completed)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('section_results').where('invitation_id', '=', invitationId).execute();
    if (final && record.sections.length > 0) {
      await trx
        .insertInto('section_results')
        .values(record.sections.map((section) => ({ invitation_id: invitationId, section_id: section.sectionId, score: section.score })))
        .execute();
    }
    await trx.deleteFrom('question_results').where('invitation_id', '=', invitationId).execute();
    await trx.deleteFrom('attempt_results').where('invitation_id', '=', invitationId).execute();
    await trx.deleteFrom('review_items').where('invitation_id', '=', invitationId).execute();
    // A scoring starts the attempt's marking afresh (a reset already superseded an earlier attempt's grades): earlier
    // grades stay in the history, none is current.
    await trx.updateTable('grades').set({ superseded_at: now }).where('invitation_id', '=', invitationId).where('superseded_at', 'is', null).execute();
    if (!final) {
      await trx
        .insertInto('review_items')
        .values(awaiting.map((questionId) => ({ invitation_id: invitationId, question_id: questionId, created_at: now })))
        .execute();
    }
    if (record.questions.length > 0) {
      if (final) {
        await trx
          .insertInto('attempt_results')
          .values({
            invitation_id: invitationId,
            results: resultsTextOf(record.questions),
            coding: record.coding ? codingTextOf(record.coding) : null,
          })
          .execute();
      }
      await trx
        .insertInto('question_results')
        .values(
          record.questions.map((question) => ({
            invitation_id: invitationId,
            question_id: question.questionId,
            marks: question.marks,
            cases: question.cases === null ? null : JSON.stringify(question.cases),
          })),
        )
        .execute();
    }
    await recordHistory(trx, invitationId, { kind: 'scored', details: { score: final ? record.score : null, awaitingReview: awaiting.length } }, 'system', now);
    // The opt-in "submitted" event (when the candidate registered its URL) goes with the score it reports.
    await enqueueSubmittedEvent(trx, invitationId, awaiting.length, now);
    return true;
  });
};
