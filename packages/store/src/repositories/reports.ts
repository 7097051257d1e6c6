import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  formatScore,
  formatWireDateTime,
  isFixedTest,
  type ShownScore,
  variantMaxScores,
  recordedSummary,
  type CandidateDecision,
  type CandidateReport,
  type RecordedSummary,
  type InvitationStatus,
  type QuestionRecord,
  type ReportStatus,
  type SectionRecord,
  type SectionReportEntry,
  type TestRecord,
  type ViolationKind,
} from '@assay/domain';
import { toSectionRecord } from './records.js';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import type { Database } from '../database.js';
import type { Dialect } from '../engine/connect.js';
import type { ImportedTests, ReportTest } from './imported-tests.js';
import {
  versionTestIdOfInvitation,
  invitationColumns,
  reportColumns,
  scoreSoFarColumns,
  shownOfRow,
  workbookColumns,
  aiUseOfRow,
  type AiUseColumns,
  type InvitationReportRow,
  type WorkbookColumns,
} from './report-columns.js';
import { reconciliationEvents, type ReconciliationEvent } from './reconciliation-events.js';

export interface ReportRecord {
  testInvitationId: number;
  testId: number;
  report: CandidateReport;
  /** The score the report shows and whether it is provisional (decision 649): `report.score` stays the final one. */
  shown: ShownScore;
  /** Answers still awaiting a grader. */
  awaitingReview: number;
}

export interface ReportWithSections extends ReportRecord {
  sections: SectionReportEntry[];
  /** The seed of the attempt's draw (a test with pools ranks by it, decision 577); null for a fixed test. */
  variantSeed: number | null;
  extraTimePercent: number;
  /** The test link the candidate registered through; null when invited directly. */
  testLink: { id: number; name: string } | null;
  /** The invitation this one is a reattempt of; null for a first attempt. */
  previousInvitationId: number | null;
  /** The assistant's messages, characters inserted and follow-ups asked (decision 1261); null without an AI snapshot. */
  aiUse: AiUseColumns;
  /** Every attempt's image violations, for its integrity summary (decision 989); a terminated one's status reads `iv`. */
  imageViolations: number;
  /** A camera-proctored attempt's longest stretch without a photo (decision 1143), for its integrity summary; null otherwise. */
  cameraGapSeconds: number | null;
  /** The decision, its reason, the tags and the ratings' mean and count (issue 61 item 3, decision 1414). */
  recorded: RecordedSummary;
  /** The test version the attempt was taken on, or the current one before it starts (issue 62 item 4). */
  testVersion: number;
}

type ReportTestColumns = Pick<ReportTest, 'testName' | 'duration' | 'questions' | 'totalMarks'>;

const toReport = (row: InvitationReportRow, test: ReportTestColumns): ReportRecord => ({
  testInvitationId: row.invitationId,
  testId: row.testId,
  ...shownOfRow(row),
  report: {
    emailId: row.email,
    fullName: row.fullName,
    timeTaken: row.timeTaken,
    testName: test.testName,
    duration: test.duration,
    questions: test.questions,
    attemptedOn: row.startedAt === null ? null : formatWireDateTime(row.startedAt),
    totalScore: formatScore(test.totalMarks),
    score: formatScore(row.score),
    wv: row.wv,
    tv: row.tv,
    testStatus: row.status as InvitationStatus,
    reportStatus: row.reportStatus as ReportStatus,
    // Only on a terminated attempt: every other report stays byte-for-byte as before (decision 946).
    ...(row.endReason === 'terminated' ? { endReason: 'terminated' as const } : {}),
  },
});

const reportQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('invitations')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
    .innerJoin('tests', (join) => join.on('tests.id', '=', versionTestIdOfInvitation))
    .select(reportColumns)
    .select(scoreSoFarColumns);

const reportById = compileOnce((db: Kysely<Database>) =>
  reportQuery(db).where('invitations.org_id', '=', parameter<number>('orgId')).where('invitations.id', '=', parameter<number>('invitationId')),
);

/** The invitation's own report columns, without its test's (SQLite: `ImportedTests` keeps those). */
const invitationReportById = compileOnce((db: Kysely<Database>) =>
  db
    .selectFrom('invitations')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
    .select(invitationColumns)
    .select(scoreSoFarColumns)
    .where('invitations.org_id', '=', parameter<number>('orgId'))
    .where('invitations.id', '=', parameter<number>('invitationId')),
);

/**
 * The invitation's test and its section scores, one row per scored section (one row of nulls before any is
 * scored; none for an unknown or another org's id): the primary key, then a seek on section_results' key prefix.
 */
const invitationSectionScores = compileOnce((db: Kysely<Database>) =>
  db
    .selectFrom('invitations')
    .leftJoin('section_results', 'section_results.invitation_id', 'invitations.id')
    .select([
      versionTestIdOfInvitation.as('contentId'),
      'invitations.variant_seed as variantSeed',
      'section_results.section_id as sectionId',
      'section_results.score as score',
    ])
    .where('invitations.org_id', '=', parameter<number>('orgId'))
    .where('invitations.id', '=', parameter<number>('invitationId')),
);

/** PostgreSQL: the invitation's sections with its scores, in one statement (an unknown or another org's id: no rows, and `known` tells). */
const sectionScores = compileOnce((db: Kysely<Database>) =>
  db
    .selectFrom('invitations')
    .leftJoin('sections', (join) => join.on('sections.test_id', '=', versionTestIdOfInvitation))
    .leftJoin('section_results', (join) =>
      join.onRef('section_results.section_id', '=', 'sections.id').onRef('section_results.invitation_id', '=', 'invitations.id'),
    )
    .select([
      'sections.name as name',
      'sections.id as sectionId',
      'sections.total_marks as totalMarks',
      'section_results.score as score',
      versionTestIdOfInvitation.as('contentId'),
      'invitations.variant_seed as variantSeed',
    ])
    .where('invitations.org_id', '=', parameter<number>('orgId'))
    .where('invitations.id', '=', parameter<number>('invitationId'))
    .orderBy('sections.position'),
);

/**
 * The report routes' reads. On PostgreSQL each is one joined statement: a round trip costs more than the join. On
 * SQLite, in process, the joins were most of the read (sections: 6.8 µs joined with the test's sections, 3.8 µs without): there the
 * invitation's own rows are read and its test's columns and sections come from `ImportedTests`, read once per store.
 */
export class ReportsRepository {
  private readonly pools = new LRUCache<number, { pooled: boolean; sections: SectionRecord[]; questions: readonly QuestionRecord[] }>({ max: 200 });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly tests: ImportedTests,
  ) {}

  /** The org's test as reports read it (its verdict bands among its report settings); undefined for another org's. */
  testRecord(orgId: number, testId: number): Promise<TestRecord | undefined> {
    return this.tests.record(this.db, orgId, testId);
  }

  /** Completions and cancellations in [from, to), for reconciliation. */
  events(orgId: number, from: number, to: number, limit: number): Promise<ReconciliationEvent[]> {
    return reconciliationEvents(this.db, orgId, from, to, limit);
  }

  async report(orgId: number, invitationId: number): Promise<ReportRecord | undefined> {
    if (this.dialect === 'postgres') {
      const [row] = await reportById(this.db, { orgId, invitationId });
      return row && this.outOfDraw(toReport(row, row), row.contentId, row.variantSeed);
    }
    const [row] = await invitationReportById(this.db, { orgId, invitationId });
    const test = row && (await this.tests.report(this.db, orgId, row.contentId));
    return test && this.outOfDraw(toReport(row, test), row.contentId, row.variantSeed);
  }

  /** Every section of the invitation's test, with the candidate's score (0 until scored). */
  async sections(orgId: number, invitationId: number): Promise<SectionReportEntry[] | undefined> {
    if (this.dialect === 'postgres') {
      const rows = await sectionScores(this.db, { orgId, invitationId });
      const [first] = rows;
      if (!first) return undefined;
      const draw = await this.drawMaxima(Number(first.contentId), first.variantSeed);
      return rows.flatMap((row) =>
        row.name === null
          ? []
          : [{ sectionName: row.name, sectionScore: draw?.bySection.get(Number(row.sectionId)) ?? row.totalMarks ?? 0, candidateScore: row.score ?? 0 }],
      );
    }
    const scores = await invitationSectionScores(this.db, { orgId, invitationId });
    const [first] = scores;
    if (!first) return undefined;
    const contentId = Number(first.contentId);
    const [test, draw] = await Promise.all([this.tests.report(this.db, orgId, contentId), this.drawMaxima(contentId, first.variantSeed)]);
    return test?.sections.map((section) => ({
      sectionName: section.name,
      sectionScore: draw?.bySection.get(section.id) ?? section.totalMarks,
      candidateScore: scores.find((score) => score.sectionId === section.id)?.score ?? 0,
    }));
  }

  /**
   * A test with question pools: what the attempt's own draw is worth, overall and by section (the candidate is scored
   * out of the questions they were asked, decision 576); undefined for a test that asks everyone everything.
   */
  private async drawMaxima(testId: number, seed: number | null): Promise<ReturnType<typeof variantMaxScores> | undefined> {
    const pools = await this.poolsOf(testId);
    return pools && variantMaxScores(pools.sections, pools.questions, seed);
  }

  private async outOfDraw(record: ReportRecord, contentId: number, seed: number | null): Promise<ReportRecord> {
    const draw = await this.drawMaxima(contentId, seed);
    return draw ? { ...record, report: { ...record.report, totalScore: formatScore(draw.total) } } : record;
  }

  /** The sections and questions of a test with pools, kept once read (tests never change); undefined without pools. */
  private async poolsOf(testId: number): Promise<{ sections: SectionRecord[]; questions: readonly QuestionRecord[] } | undefined> {
    const kept = this.pools.get(testId);
    if (kept) return kept.pooled ? kept : undefined;
    const sections = (await this.db.selectFrom('sections').selectAll().where('test_id', '=', testId).orderBy('position').execute()).map(toSectionRecord);
    if (isFixedTest(sections)) {
      this.pools.set(testId, { pooled: false, sections, questions: [] });
      return undefined;
    }
    const pooled = { pooled: true, sections, questions: await this.tests.questions(this.db, testId) };
    this.pools.set(testId, pooled);
    return pooled;
  }

  /**
   * Every invitation of a test with its report and section scores, read in keyset-paged batches of one statement:
   * flat memory and no N+1 for the Excel export. The test's own columns are the same on every row, so they are read
   * once, not joined and copied 100,000 times; each section's score is a column of the row, a seek on section_results'
   * key (invitation, section), not a second statement per batch whose 4 rows an invitation were grouped by a Map.
   */
  async *reportsOfTest(orgId: number, testId: number, batchSize = 1000): AsyncGenerator<ReportWithSections> {
    const contentId = await this.tests.currentVersionId(this.db, testId);
    const [test, sections] = await Promise.all([
      this.db.selectFrom('tests').select(['name', 'duration', 'question_count', 'total_marks']).where('id', '=', contentId).executeTakeFirst(),
      this.db.selectFrom('sections').select(['id', 'name', 'total_marks']).where('test_id', '=', contentId).orderBy('position').execute(),
    ]);
    if (!test) return;
    const totalScore = formatScore(test.total_marks);
    const pools = await this.poolsOf(contentId);
    // The columns are the current version's sections; an attempt on another version fills them by place (decision 1489).
    const sectionScores = sections.map((section, index) =>
      sql<number | null>`(select score from section_results where invitation_id = invitations.id and section_id = coalesce(
        (select vs.id from sections vs where vs.test_id = invitations.version_test_id and vs.position = ${index}), ${section.id}))`.as(`s${index}`),
    );
    const testVersion = sql<number>`(select tv.version from tests tv where tv.id = ${versionTestIdOfInvitation})`.as('testVersion');
    let afterId = 0;
    for (;;) {
      const rows = (await this.db
        .selectFrom('invitations')
        .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
        .leftJoin('test_links', 'test_links.id', 'invitations.test_link_id')
        .select(invitationColumns)
        .select(scoreSoFarColumns)
        .select(sectionScores)
        .select(testVersion)
        .select(workbookColumns)
        .where('invitations.org_id', '=', orgId)
        .where('invitations.test_id', '=', testId)
        .where('invitations.id', '>', afterId)
        .orderBy('invitations.id')
        .limit(batchSize)
        .execute()) as (InvitationReportRow & WorkbookColumns & { testVersion: number } & Record<`s${number}`, number | null>)[];
      if (rows.length === 0) return;
      const recorded = await this.recordedOf(rows.map((row) => row.invitationId));
      for (const row of rows) {
        // A pool's candidate is scored out of their own draw (decision 576).
        const draw = pools && variantMaxScores(pools.sections, pools.questions, row.variantSeed);
        yield {
          testInvitationId: row.invitationId,
          testId,
          ...shownOfRow(row),
          variantSeed: row.variantSeed,
          extraTimePercent: row.extraTimePercent,
          testLink: row.testLinkId === null ? null : { id: row.testLinkId, name: row.testLinkName ?? '' },
          previousInvitationId: row.previousInvitationId,
          aiUse: aiUseOfRow(row),
          imageViolations: Number(row.iv),
          cameraGapSeconds: row.cameraGapSeconds === null ? null : Number(row.cameraGapSeconds),
          recorded: recorded(row.invitationId),
          testVersion: Number(row.testVersion),
          report: {
            emailId: row.email,
            fullName: row.fullName,
            timeTaken: row.timeTaken,
            testName: test.name,
            duration: test.duration,
            questions: test.question_count,
            attemptedOn: row.startedAt === null ? null : formatWireDateTime(row.startedAt),
            totalScore: draw ? formatScore(draw.total) : totalScore,
            score: formatScore(row.score),
            wv: row.wv,
            tv: row.tv,
            testStatus: row.status as InvitationStatus,
            reportStatus: row.reportStatus as ReportStatus,
            ...(row.endReason === 'terminated' ? { endReason: 'terminated' as const } : {}),
          },
          // Which limit ended a terminated attempt, for its status cell (decision 974).
          ...(row.endReason === 'terminated' ? { iv: Number(row.iv), terminatedBy: (row.terminatedBy ?? 'window') as ViolationKind } : {}),
          sections: sections.map((section, index) => ({
            sectionName: section.name,
            sectionScore: draw?.bySection.get(section.id) ?? section.total_marks,
            // PostgreSQL hands a real over as a number; 0 until scored, as the report's sections say.
            candidateScore: Number(row[`s${index}`] ?? 0),
          })),
        };
      }
      afterId = rows[rows.length - 1]!.invitationId;
    }
  }

  /**
   * What the hiring team recorded on a batch of invitations, in three statements a batch whatever its size (decision
   * 1414): keyed reads, not a join that would repeat each row once per tag and rating.
   */
  private async recordedOf(invitationIds: readonly number[]): Promise<(invitationId: number) => RecordedSummary> {
    const [decisions, tags, ratings] = await Promise.all([
      this.db.selectFrom('candidate_decisions').select(['invitation_id', 'decision', 'reason']).where('invitation_id', 'in', invitationIds).execute(),
      this.db.selectFrom('candidate_tags').select(['invitation_id', 'tag']).where('invitation_id', 'in', invitationIds).orderBy('tag').execute(),
      this.db.selectFrom('candidate_ratings').select(['invitation_id', 'rating']).where('invitation_id', 'in', invitationIds).execute(),
    ]);
    const decisionOf = new Map(decisions.map((row) => [row.invitation_id, { decision: row.decision as CandidateDecision, reason: row.reason }]));
    const tagsOf = new Map<number, string[]>();
    for (const row of tags) tagsOf.set(row.invitation_id, [...(tagsOf.get(row.invitation_id) ?? []), row.tag]);
    const ratingsOf = new Map<number, { rating: number }[]>();
    for (const row of ratings) ratingsOf.set(row.invitation_id, [...(ratingsOf.get(row.invitation_id) ?? []), { rating: Number(row.rating) }]);
    return (invitationId) =>
      recordedSummary({ decision: decisionOf.get(invitationId) ?? null, tags: tagsOf.get(invitationId) ?? [], ratings: ratingsOf.get(invitationId) ?? [] });
  }
}
