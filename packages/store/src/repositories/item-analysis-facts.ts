import { sql, type Kysely } from 'kysely';
import { readResultsText, type ScoredAttempt } from '@assay/domain';
import type { Database } from '../database.js';
import { testInvitationsPage } from './test-invitations-page.js';

/** What item analysis reads of an org's test: its attempts with a final score, and the seeds of every started attempt. */
export interface ItemAnalysisReads {
  readonly attempts: ScoredAttempt[];
  /** One per started attempt (finished or not): what the exposures are counted from, with the test's pools. */
  readonly startedSeeds: (number | null)[];
}

const byInvitation = <T extends { invitation_id: number }>(rows: readonly T[]): Map<number, T[]> => {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(row.invitation_id);
    if (list) list.push(row);
    else groups.set(row.invitation_id, [row]);
  }
  return groups;
};

/**
 * Item analysis's facts of an org's test (issue 62 item 5), in keyset pages of the test's invitations: each attempt
 * whose results are final (its `attempt_results` text, migration 021) with its marks by question, the options it chose
 * and the time the page reported per question; and the draw seed of every started attempt. Scoped by the org, so
 * another org's test reads as one without attempts (the route answers 404 before).
 */
export const itemAnalysisReadsOf = async (
  db: Kysely<Database>,
  orgId: number,
  testId: number,
  questionIds: readonly number[],
  /** The row of the version analysed (issue 62 item 4): only attempts taken on it count. */
  contentId: number = testId,
  batchSize = 1000,
): Promise<ItemAnalysisReads> => {
  const positionOf = new Map(questionIds.map((id, position) => [id, position]));
  const attempts: ScoredAttempt[] = [];
  const startedSeeds: (number | null)[] = [];
  for (let afterId = 0; ; ) {
    const rows = await testInvitationsPage(db, orgId, testId, afterId, Number.MAX_SAFE_INTEGER, batchSize)
      .leftJoin('attempt_results', 'attempt_results.invitation_id', 'invitations.id')
      .where(sql<number>`coalesce(invitations.version_test_id, invitations.test_id)`, '=', contentId)
      .select(['invitations.id as id', 'invitations.started_at as startedAt', 'invitations.variant_seed as seed', 'attempt_results.results as results'])
      .execute();
    if (rows.length === 0) break;
    afterId = Number(rows[rows.length - 1]!.id);
    for (const row of rows) if (row.startedAt !== null) startedSeeds.push(row.seed === null ? null : Number(row.seed));
    const scored = rows.filter((row) => row.results !== null);
    if (scored.length === 0) continue;
    const ids = scored.map((row) => Number(row.id));
    const [choiceRows, timeRows] = await Promise.all([
      db
        .selectFrom('answers')
        .select(['invitation_id', 'question_id', 'option_ids'])
        .where('invitation_id', 'in', ids)
        .where('option_ids', 'is not', null)
        .execute(),
      db.selectFrom('question_signals').select(['invitation_id', 'question_id', 'time_ms']).where('invitation_id', 'in', ids).execute(),
    ]);
    const choicesOf = byInvitation(choiceRows);
    const timesOf = byInvitation(timeRows);
    for (const row of scored) {
      const id = Number(row.id);
      const marks = new Array<number | null>(questionIds.length).fill(null);
      readResultsText(row.results, positionOf, marks, new Array(questionIds.length).fill(null));
      attempts.push({
        invitationId: id,
        marks: new Map(questionIds.flatMap((questionId, position) => (marks[position] === null ? [] : [[questionId, marks[position]!] as const]))),
        choices: new Map((choicesOf.get(id) ?? []).map((answer) => [Number(answer.question_id), JSON.parse(answer.option_ids!) as number[]])),
        timesMs: new Map((timesOf.get(id) ?? []).map((signal) => [Number(signal.question_id), Number(signal.time_ms)])),
      });
    }
  }
  return { attempts, startedSeeds };
};
