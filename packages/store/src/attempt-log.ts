import type { Kysely } from 'kysely';
import type { AttemptEvent, QuestionResult } from '@assay/domain';
import type { Database } from './database.js';

/**
 * What happened during an attempt beyond its answers — the page's events (departures, section views; written by
 * AttemptsRepository.recordEvent, with the counters they move) and the sample runs per question — and what scoring
 * found per question: the report's raw material.
 */
export class AttemptLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async events(invitationId: number): Promise<AttemptEvent[]> {
    const rows = await this.db
      .selectFrom('attempt_events')
      .select(['kind', 'at', 'section_id'])
      .where('invitation_id', '=', invitationId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((row) =>
      row.kind === 'section'
        ? { kind: 'section', at: row.at, sectionId: row.section_id ?? 0 }
        : { kind: row.kind as 'left' | 'returned' | 'unload', at: row.at },
    );
  }

  /** One more sample run of a question (runs the sandbox actually ran). */
  async countSampleRun(invitationId: number, questionId: number): Promise<void> {
    await this.db
      .insertInto('sample_runs')
      .values({ invitation_id: invitationId, question_id: questionId, runs: 1 })
      .onConflict((conflict) => conflict.columns(['invitation_id', 'question_id']).doUpdateSet((eb) => ({ runs: eb('sample_runs.runs', '+', 1) })))
      .execute();
  }

  async sampleRuns(invitationId: number): Promise<Map<number, number>> {
    const rows = await this.db.selectFrom('sample_runs').select(['question_id', 'runs']).where('invitation_id', '=', invitationId).execute();
    return new Map(rows.map((row) => [row.question_id, row.runs]));
  }

  async questionResults(invitationId: number): Promise<Map<number, QuestionResult>> {
    const rows = await this.db.selectFrom('question_results').select(['question_id', 'marks', 'cases']).where('invitation_id', '=', invitationId).execute();
    return new Map(rows.map((row) => [row.question_id, { marks: row.marks, cases: row.cases === null ? null : (JSON.parse(row.cases) as boolean[]) }]));
  }

  /** The scores of every completed and scored attempt of a test: what a percentile is taken among. */
  async completedScores(testId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('invitations')
      .select('score')
      .where('test_id', '=', testId)
      .where('status', '=', 'Completed')
      .where('report_status', '=', 'Generated')
      .execute();
    return rows.map((row) => row.score);
  }
}
