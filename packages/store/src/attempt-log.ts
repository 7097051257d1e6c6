import { type Kysely, sql } from 'kysely';
import type { Answer, AttemptLog, Candidate, Invitation, QuestionResult, ScoreStanding, TestRecord } from '@assay/domain';
import { readAttemptLog } from './attempt-event-log.js';
import type { Database } from './database.js';
import { isCodingLanguage } from './attempts.js';
import { toCandidate, toInvitation, toTestRecord } from './records.js';

/**
 * What the Excel export's Questions sheet is built from for one invitation, as report facts: what scoring found, and the
 * code answers (whether code was given decides whether hidden tests show). The sheet shows no chosen options, events,
 * sample runs or snapshots, so they are not read. A never-started invitation has neither.
 */
export interface AttemptFacts {
  /** The invitation's test (one object for every invitation of the test). */
  readonly test: TestRecord;
  readonly invitation: Invitation;
  readonly candidate: Candidate;
  /** The code answers only. */
  readonly answers: Map<number, Answer>;
  readonly results: Map<number, QuestionResult>;
}

const grouped = <T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> => {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
};

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

  /** How `score` stands among the completed, scored attempts of a test (counted over an index): what a percentile is taken from. */
  async scoreStanding(testId: number, score: number): Promise<ScoreStanding> {
    const row = await this.db
      .selectFrom('invitations')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.countAll<number | string>().filterWhere('score', '<', score).as('below'),
        eb.fn.countAll<number | string>().filterWhere('score', '=', score).as('tied'),
      ])
      .where('test_id', '=', testId)
      .where('status', '=', sql.lit('Completed'))
      .where('report_status', '=', sql.lit('Generated'))
      .executeTakeFirstOrThrow();
    // PostgreSQL counts are bigints, which pg hands over as strings.
    return { total: Number(row.total), below: Number(row.below), tied: Number(row.tied) };
  }

  /**
   * The facts of every invitation of an org's test up to `throughId`, in id order (the Candidates sheet's order), in
   * keyset-paged batches of four queries whatever the number of attempts: what the Excel export's Questions sheet is
   * built from, in flat memory. `throughId` is the last invitation the Candidates sheet showed, so the two sheets stay
   * row for row when candidates register while the export runs.
   */
  async *factsOfTest(orgId: number, testId: number, { throughId = Number.MAX_SAFE_INTEGER, batchSize = 500 } = {}): AsyncGenerator<AttemptFacts[]> {
    const testRow = await this.db.selectFrom('tests').selectAll().where('org_id', '=', orgId).where('id', '=', testId).executeTakeFirst();
    if (!testRow) return;
    const test = toTestRecord(testRow);
    let afterId = 0;
    while (afterId < throughId) {
      const invitations = await this.db
        .selectFrom('invitations')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('test_id', '=', testId)
        .where('id', '>', afterId)
        .where('id', '<=', throughId)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (invitations.length === 0) return;
      const started = invitations.flatMap((row) => (row.started_at === null ? [] : [row.id]));
      const [candidates, answers, results] = await Promise.all([
        this.db
          .selectFrom('candidates')
          .selectAll()
          .where(
            'id',
            'in',
            invitations.map((row) => row.candidate_id),
          )
          .execute(),
        started.length === 0
          ? []
          : this.db
              .selectFrom('answers')
              .select(['invitation_id', 'question_id', 'code', 'language'])
              .where('invitation_id', 'in', started)
              .where('option_ids', 'is', null)
              .execute(),
        started.length === 0
          ? []
          : this.db.selectFrom('question_results').select(['invitation_id', 'question_id', 'marks', 'cases']).where('invitation_id', 'in', started).execute(),
      ]);
      const candidateById = new Map(candidates.map((row) => [row.id, toCandidate(row)]));
      const answersOf = grouped(answers, (row) => row.invitation_id);
      const resultsOf = grouped(results, (row) => row.invitation_id);
      yield invitations.flatMap((row): AttemptFacts[] => {
        const candidate = candidateById.get(row.candidate_id);
        if (!candidate) return [];
        return [
          {
            test,
            invitation: toInvitation(row),
            candidate,
            answers: new Map(
              (answersOf.get(row.id) ?? []).map((answer) => [
                answer.question_id,
                { code: answer.code ?? '', ...(isCodingLanguage(answer.language) ? { language: answer.language } : {}) },
              ]),
            ),
            results: new Map(
              (resultsOf.get(row.id) ?? []).map((result) => [
                result.question_id,
                { marks: result.marks, cases: result.cases === null ? null : (JSON.parse(result.cases) as boolean[]) },
              ]),
            ),
          },
        ];
      });
      afterId = invitations[invitations.length - 1]!.id;
    }
  }
}
