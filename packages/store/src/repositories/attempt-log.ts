import { type Kysely, sql } from 'kysely';
import { INVITATION_STATUS, REPORT_STATUS, type AttemptLog, type QuestionResult, type ScoreCount, type ScoreStanding } from '@assay/domain';
import { readAttemptLog } from './attempt-event-log.js';
import { takesWritesAt } from './attempt-writes.js';
import { recordCoalescedHistory } from './invitation-history.js';
import { inTransaction } from '../engine/transaction-steps.js';
import { type AttemptFacts, attemptFactsOfTest } from './attempt-facts.js';
import { type ItemAnalysisReads, itemAnalysisReadsOf } from './item-analysis-facts.js';
import type { Database } from '../database.js';

/**
 * What happened during an attempt beyond its answers — the page's events (departures, section views; written by
 * AttemptsRepository.recordEvent through appendAttemptEvent, with the counters they move; bounded per attempt) and the sample runs per question — and what scoring
 * found per question: the report's raw material.
 */
export class AttemptLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The attempt's log as kept (attempt-event-log.ts). */
  async events(invitationId: number): Promise<AttemptLog> {
    return readAttemptLog(this.db, invitationId);
  }

  /**
   * One more image violation (a camera lost, a blank snapshot: decision 971), while the attempt takes writes: the new
   * count, or null when the attempt no longer runs (nothing is counted after its end). The increment is one statement,
   * so concurrent snapshots each count once.
   */
  async countImageViolation(invitationId: number, now: number): Promise<number | null> {
    return inTransaction(this.db, async (trx) => {
      const counted = await trx
        .updateTable('invitations')
        .set((eb) => ({ image_violations: eb('image_violations', '+', 1), updated_at: now }))
        .where('id', '=', invitationId)
        .where(takesWritesAt(now))
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return null;
      const row = await trx.selectFrom('invitations').select('image_violations').where('id', '=', invitationId).executeTakeFirstOrThrow();
      return Number(row.image_violations);
    });
  }

  /** Counts a run, and in the same transaction the invitation's history (coalesced: counts, not contents). */
  async countSampleRun(invitationId: number, questionId: number, now: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('sample_runs')
        .values({ invitation_id: invitationId, question_id: questionId, runs: 1 })
        .onConflict((conflict) => conflict.columns(['invitation_id', 'question_id']).doUpdateSet((eb) => ({ runs: eb('sample_runs.runs', '+', 1) })))
        .execute();
      await recordCoalescedHistory(trx, invitationId, 'runs', 'candidate', now);
    });
  }

  async sampleRuns(invitationId: number): Promise<Map<number, number>> {
    const rows = await this.db.selectFrom('sample_runs').select(['question_id', 'runs']).where('invitation_id', '=', invitationId).execute();
    return new Map(rows.map((row) => [row.question_id, row.runs]));
  }

  async questionResults(invitationId: number): Promise<Map<number, QuestionResult>> {
    const rows = await this.db.selectFrom('question_results').select(['question_id', 'marks', 'cases']).where('invitation_id', '=', invitationId).execute();
    return new Map(rows.map((row) => [row.question_id, { marks: row.marks, cases: row.cases === null ? null : (JSON.parse(row.cases) as boolean[]) }]));
  }

  /** How `score` stands among the completed, scored attempts of a test: what a percentile is taken from. */
  async scoreStanding(testId: number, score: number): Promise<ScoreStanding> {
    // One row per distinct score of the test (test_score_counts, kept by triggers), not one per scored attempt.
    const row = await this.db
      .selectFrom('test_score_counts')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number | string>('count'), sql.lit(0)).as('total'),
        eb.fn.coalesce(eb.fn.sum<number | string>('count').filterWhere('score', '<', score), sql.lit(0)).as('below'),
        eb.fn.coalesce(eb.fn.sum<number | string>('count').filterWhere('score', '=', score), sql.lit(0)).as('tied'),
      ])
      .where('test_id', '=', testId)
      .executeTakeFirstOrThrow();
    // PostgreSQL sums bigints as numerics, which pg hands over as strings.
    return { total: Number(row.total), below: Number(row.below), tied: Number(row.tied) };
  }

  /** How many scored attempts of a test share each score: what `scoreStanding` sums, for ranking every row at once. */
  async scoreCounts(testId: number): Promise<ScoreCount[]> {
    const rows = await this.db.selectFrom('test_score_counts').select(['score', 'count']).where('test_id', '=', testId).where('count', '>', 0).execute();
    return rows.map((row) => ({ score: Number(row.score), count: Number(row.count) }));
  }

  /**
   * Every completed, scored attempt of a test with its score and the seed of its draw: what a test with question
   * pools ranks by, each score out of its own draw (`poolStanding`), which the per-score counts cannot tell.
   */
  async drawnScores(testId: number): Promise<{ score: number; variantSeed: number | null }[]> {
    const rows = await this.db
      .selectFrom('invitations')
      .select(['score', 'variant_seed'])
      .where('test_id', '=', testId)
      .where('status', '=', INVITATION_STATUS.completed)
      .where('report_status', '=', REPORT_STATUS.generated)
      .execute();
    return rows.map((row) => ({ score: Number(row.score), variantSeed: row.variant_seed }));
  }

  /** The Excel export's facts of a test's attempts, results by position in `questionIds` (attempt-facts.ts). */
  factsOfTest(
    orgId: number,
    testId: number,
    questionIds: readonly number[],
    options: { throughId?: number; batchSize?: number; texts?: boolean } = {},
  ): AsyncGenerator<AttemptFacts[]> {
    return attemptFactsOfTest(this.db, orgId, testId, questionIds, options);
  }

  /** Item analysis's facts of an org's test: its finally scored attempts and its started attempts' seeds (item-analysis-facts.ts). */
  itemAnalysisReads(orgId: number, testId: number, questionIds: readonly number[], contentId = testId): Promise<ItemAnalysisReads> {
    return itemAnalysisReadsOf(this.db, orgId, testId, questionIds, contentId);
  }
}
