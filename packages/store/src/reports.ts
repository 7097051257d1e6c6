import type { Kysely } from 'kysely';
import { formatScore, formatWireDateTime, type CandidateReport, type InvitationStatus, type ReportStatus, type SectionReportEntry } from '@assay/domain';
import type { Database } from './database.js';

export interface ReportRecord {
  testInvitationId: number;
  testId: number;
  report: CandidateReport;
}

export interface ReportWithSections extends ReportRecord {
  sections: SectionReportEntry[];
  /** The languages of the invitation's coding answers, in the order of their questions. */
  codingLanguages: string[];
}

const reportColumns = [
  'invitations.id as invitationId',
  'invitations.test_id as testId',
  'invitations.status as status',
  'invitations.report_status as reportStatus',
  'invitations.score as score',
  'invitations.time_taken as timeTaken',
  'invitations.window_violations as wv',
  'invitations.time_violation_seconds as tv',
  'invitations.started_at as startedAt',
  'candidates.email as email',
  'candidates.full_name as fullName',
  'tests.name as testName',
  'tests.duration as duration',
  'tests.question_count as questions',
  'tests.total_marks as totalMarks',
] as const;

type ReportQueryRow = {
  invitationId: number;
  testId: number;
  status: string;
  reportStatus: string;
  score: number;
  timeTaken: number;
  wv: number;
  tv: number;
  startedAt: number | null;
  email: string;
  fullName: string;
  testName: string;
  duration: number;
  questions: number;
  totalMarks: number;
};

const toReport = (row: ReportQueryRow): ReportRecord => ({
  testInvitationId: row.invitationId,
  testId: row.testId,
  report: {
    emailId: row.email,
    fullName: row.fullName,
    timeTaken: row.timeTaken,
    testName: row.testName,
    duration: row.duration,
    questions: row.questions,
    attemptedOn: row.startedAt === null ? null : formatWireDateTime(row.startedAt),
    totalScore: formatScore(row.totalMarks),
    score: formatScore(row.score),
    wv: row.wv,
    tv: row.tv,
    testStatus: row.status as InvitationStatus,
    reportStatus: row.reportStatus as ReportStatus,
  },
});

export class ReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private reportQuery() {
    return this.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .innerJoin('tests', 'tests.id', 'invitations.test_id')
      .select(reportColumns);
  }

  /** Completions and cancellations in [from, to), for reconciliation. */
  events(orgId: number, from: number, to: number, limit: number): Promise<ReconciliationEvent[]> {
    return reconciliationEvents(this.db, orgId, from, to, limit);
  }

  async report(orgId: number, invitationId: number): Promise<ReportRecord | undefined> {
    const row = await this.reportQuery().where('invitations.org_id', '=', orgId).where('invitations.id', '=', invitationId).executeTakeFirst();
    return row && toReport(row);
  }

  /**
   * The languages the candidates answered coding questions in, per invitation, each once.
   * Code saved before answers carried a language (migration 010) has none and is not counted.
   */
  async codingLanguages(invitationIds: readonly number[]): Promise<Map<number, string[]>> {
    const languages = new Map<number, string[]>();
    if (invitationIds.length === 0) return languages;
    const rows = await this.db
      .selectFrom('answers')
      .innerJoin('questions', 'questions.id', 'answers.question_id')
      .select(['answers.invitation_id as invitationId', 'answers.language as language'])
      .where('answers.invitation_id', 'in', [...invitationIds])
      .where('answers.language', 'is not', null)
      .orderBy('answers.invitation_id')
      .orderBy('questions.position')
      .execute();
    for (const { invitationId, language } of rows) {
      const list = languages.get(invitationId) ?? [];
      if (language !== null && !list.includes(language)) list.push(language);
      languages.set(invitationId, list);
    }
    return languages;
  }

  /** Every section of the invitation's test, with the candidate's score (0 until scored). */
  async sections(orgId: number, invitationId: number): Promise<SectionReportEntry[] | undefined> {
    const invitation = await this.db
      .selectFrom('invitations')
      .select(['id', 'test_id'])
      .where('org_id', '=', orgId)
      .where('id', '=', invitationId)
      .executeTakeFirst();
    if (!invitation) return undefined;
    const rows = await this.db
      .selectFrom('sections')
      .leftJoin('section_results', (join) =>
        join.onRef('section_results.section_id', '=', 'sections.id').on('section_results.invitation_id', '=', invitation.id),
      )
      .select(['sections.name as name', 'sections.total_marks as totalMarks', 'section_results.score as score'])
      .where('sections.test_id', '=', invitation.test_id)
      .orderBy('sections.position')
      .execute();
    return rows.map((row) => ({ sectionName: row.name, sectionScore: row.totalMarks, candidateScore: row.score ?? 0 }));
  }

  /**
   * Every invitation of a test with its report and section scores, read in keyset-paged batches with one
   * section query per batch: flat memory and no N+1 for the Excel export.
   */
  async *reportsOfTest(orgId: number, testId: number, batchSize = 1000): AsyncGenerator<ReportWithSections> {
    const sections = await this.db.selectFrom('sections').select(['id', 'name', 'total_marks']).where('test_id', '=', testId).orderBy('position').execute();
    let afterId = 0;
    for (;;) {
      const rows = await this.reportQuery()
        .where('invitations.org_id', '=', orgId)
        .where('invitations.test_id', '=', testId)
        .where('invitations.id', '>', afterId)
        .orderBy('invitations.id')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) return;
      const results = await this.db
        .selectFrom('section_results')
        .select(['invitation_id', 'section_id', 'score'])
        .where(
          'invitation_id',
          'in',
          rows.map((row) => row.invitationId),
        )
        .execute();
      const scoreOf = new Map(results.map((result) => [`${result.invitation_id}:${result.section_id}`, result.score]));
      const languagesOf = await this.codingLanguages(rows.map((row) => row.invitationId));
      for (const row of rows) {
        yield {
          ...toReport(row),
          sections: sections.map((section) => ({
            sectionName: section.name,
            sectionScore: section.total_marks,
            candidateScore: scoreOf.get(`${row.invitationId}:${section.id}`) ?? 0,
          })),
          codingLanguages: languagesOf.get(row.invitationId) ?? [],
        };
      }
      afterId = rows[rows.length - 1]!.invitationId;
    }
  }
}

export interface ReconciliationEvent {
  type: 'completed' | 'cancelled';
  at: number;
  testInvitationId: number;
  testId: number;
  emailId: string;
}

/** Completions and cancellations of an org in [from, to), oldest first, for integrators catching up. */
export const reconciliationEvents = async (
  db: import('kysely').Kysely<import('./database.js').Database>,
  orgId: number,
  from: number,
  to: number,
  limit: number,
): Promise<ReconciliationEvent[]> => {
  const query = (column: 'completed_at' | 'cancelled_at') =>
    db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .select([`invitations.${column} as at`, 'invitations.id as testInvitationId', 'invitations.test_id as testId', 'candidates.email as emailId'])
      .where('invitations.org_id', '=', orgId)
      .where(`invitations.${column}`, '>=', from)
      .where(`invitations.${column}`, '<', to)
      .orderBy(`invitations.${column}`)
      .limit(limit)
      .execute();
  const [completed, cancelled] = await Promise.all([query('completed_at'), query('cancelled_at')]);
  return [
    ...completed.map((row) => ({ ...row, at: row.at as number, type: 'completed' as const })),
    ...cancelled.map((row) => ({ ...row, at: row.at as number, type: 'cancelled' as const })),
  ]
    .sort((a, b) => a.at - b.at || a.testInvitationId - b.testInvitationId)
    .slice(0, limit);
};
