import type { Kysely, Selectable } from 'kysely';
import type { AiCheckQuestionResult, AiCheckState } from '@assay/domain/ai';
import type { Database } from '../database.js';
import type { AiChecksTable } from '../tables/ai-checks.js';

/** A check as stored, its results parsed. */
export interface AiCheckRecord {
  readonly id: number;
  readonly orgId: number;
  readonly testId: number;
  readonly state: AiCheckState;
  readonly model: string;
  readonly startedAt: number;
  readonly finishedAt: number | null;
  readonly questionsTotal: number;
  readonly problem: string | null;
  readonly results: AiCheckQuestionResult[];
}

/** The sentence a check interrupted (its process stopped mid-way) is failed with. */
export const INTERRUPTED_PROBLEM = 'The check stopped before it finished (the server was restarted); start it again.';

const recordOf = (row: Selectable<AiChecksTable>): AiCheckRecord => ({
  id: Number(row.id),
  orgId: Number(row.org_id),
  testId: Number(row.test_id),
  state: row.state as AiCheckState,
  model: row.model,
  startedAt: Number(row.started_at),
  finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  questionsTotal: Number(row.questions_total),
  problem: row.problem,
  results: JSON.parse(row.results) as AiCheckQuestionResult[],
});

/** Checks of which questions a model solves (migration 057; docs/ai.md "Which questions a model solves"). */
export class AiChecksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Starts a check of the org's test, first failing a running one that made no progress since `staleBefore` (its process
   * stopped). Undefined when another check of the test is running: the unique partial index decides, even for two at once.
   */
  async start(
    check: { orgId: number; testId: number; model: string; questionsTotal: number },
    now: number,
    staleBefore: number,
  ): Promise<AiCheckRecord | undefined> {
    await this.db
      .updateTable('ai_checks')
      .set({ state: 'failed', problem: INTERRUPTED_PROBLEM, finished_at: now })
      .where('test_id', '=', check.testId)
      .where('state', '=', 'running')
      .where('progressed_at', '<', staleBefore)
      .execute();
    const inserted = await this.db
      .insertInto('ai_checks')
      .values({
        org_id: check.orgId,
        test_id: check.testId,
        state: 'running',
        model: check.model,
        started_at: now,
        progressed_at: now,
        finished_at: null,
        questions_total: check.questionsTotal,
        problem: null,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted && recordOf(inserted);
  }

  /** The results so far (the whole list each time: a test's questions are few and bounded). */
  async progress(checkId: number, results: readonly AiCheckQuestionResult[], now: number): Promise<void> {
    await this.db
      .updateTable('ai_checks')
      .set({ results: JSON.stringify(results), progressed_at: now })
      .where('id', '=', checkId)
      .where('state', '=', 'running')
      .execute();
  }

  async finish(checkId: number, state: Exclude<AiCheckState, 'running'>, problem: string | null, now: number): Promise<void> {
    await this.db
      .updateTable('ai_checks')
      .set({ state, problem, finished_at: now, progressed_at: now })
      .where('id', '=', checkId)
      .where('state', '=', 'running')
      .execute();
  }

  /** The org's latest check of the test; another org's test has none (tenancy: the caller answers 404). */
  async latest(orgId: number, testId: number): Promise<AiCheckRecord | undefined> {
    const row = await this.db
      .selectFrom('ai_checks')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('test_id', '=', testId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && recordOf(row);
  }

  async find(orgId: number, checkId: number): Promise<AiCheckRecord | undefined> {
    const row = await this.db.selectFrom('ai_checks').selectAll().where('org_id', '=', orgId).where('id', '=', checkId).executeTakeFirst();
    return row && recordOf(row);
  }
}
