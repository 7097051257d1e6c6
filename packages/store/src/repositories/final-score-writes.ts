import type { Kysely } from 'kysely';
import { attemptCodingFacts, codingTextOf, finalScore, INVITATION_STATUS, REPORT_STATUS, resultsTextOf, type Answer, type QuestionRecord } from '@assay/domain';
import type { Database } from '../database.js';
import { toAnswer } from './records.js';

/** The attempt's coding answers, read for their facts (a completed attempt takes no more answers). */
const codingAnswers = async (trx: Kysely<Database>, invitationId: number, questions: readonly QuestionRecord[]): Promise<Map<number, Answer>> => {
  const coding = questions.filter((question) => question.definition.type === 'coding').map((question) => question.id);
  if (coding.length === 0) return new Map();
  const rows = await trx
    .selectFrom('answers')
    .select(['question_id', 'option_ids', 'text', 'code', 'language'])
    .where('invitation_id', '=', invitationId)
    .where('question_id', 'in', coding)
    .execute();
  return new Map(rows.map((row) => [Number(row.question_id), toAnswer(row)]));
};

/**
 * A reviewed attempt's final score, written in the transaction of the grade that made it final (or regraded it): the
 * stored marks (the machine's, the graded questions' replaced by their current grades) summed by the domain's
 * `finalScore`, the report Generated, its section results, and its results row as an attempt scored without review
 * has it — the results text and each coding answer's facts (decision 400), so the Excel export reads no code answers
 * for it either. Returns the total.
 */
export const writeFinalScore = async (
  trx: Kysely<Database>,
  /** `testId`: the row of the version the attempt took (its sections). */
  invitation: { readonly id: number; readonly testId: number },
  questions: readonly QuestionRecord[],
  now: number,
): Promise<number> => {
  const invitationId = invitation.id;
  const [results, grades, sections, answers] = await Promise.all([
    trx.selectFrom('question_results').select(['question_id', 'marks', 'cases']).where('invitation_id', '=', invitationId).execute(),
    trx.selectFrom('grades').select(['question_id', 'marks']).where('invitation_id', '=', invitationId).where('superseded_at', 'is', null).execute(),
    trx.selectFrom('sections').select('id').where('test_id', '=', invitation.testId).orderBy('position').execute(),
    codingAnswers(trx, invitationId, questions),
  ]);
  const machine = new Map(results.map((row) => [Number(row.question_id), Number(row.marks)]));
  // The questions the attempt was asked: scoring stored a result for each of them, none for a pool's undrawn ones.
  const scored = questions
    .filter((question) => machine.has(question.id))
    .map((question) => ({ questionId: question.id, sectionId: question.sectionId, definition: question.definition }));
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
    await trx
      .insertInto('attempt_results')
      .values({ invitation_id: invitationId, results: text, coding: codingTextOf(attemptCodingFacts(scored, answers)) })
      .execute();
  }
  return score.total;
};
