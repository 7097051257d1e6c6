import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import {
  formatWireDateTime,
  NO_DECISION,
  normalizeTag,
  percentOf,
  type InvitationList,
  type InvitationListQuery,
  type InvitationListRow,
  type InvitationStanding,
  type ReportStatus,
} from '@assay/domain';
import type { Database } from '../database.js';
import { CONFIRMED_EVIDENCE } from './confirmed-evidence-sql.js';
import { lapsedAt, standingIs } from './lapsed-sql.js';
import type { ImportedTests } from './imported-tests.js';
import { scoreSoFarColumns, shownOfRow, versionTestIdOfInvitation } from './report-columns.js';
import { maximaOfTest, type Maxima } from './attempt-maxima.js';

/**
 * The score every surface shows (decision 649) as SQL, for filtering and sorting: the final score of a Generated report,
 * the marks so far of a Completed attempt with answers awaiting a grader, else null. Each read is a seek on a primary
 * key (review_items, question_results) of a row the test's index found.
 */
export const SHOWN_SCORE = sql<number | null>`(case when invitations.report_status = 'Generated' then invitations.score
  when invitations.status = 'Completed' and exists (select 1 from review_items where review_items.invitation_id = invitations.id)
  then (select coalesce(sum(question_results.marks), 0) from question_results where question_results.invitation_id = invitations.id) end)`;

export const AWAITING_REVIEW = sql<SqlBool>`(invitations.status = 'Completed' and invitations.report_status <> 'Generated'
  and exists (select 1 from review_items where review_items.invitation_id = invitations.id))`;

/** A word of the search as a LIKE pattern: its own `%`, `_` and `\` match themselves. */
const containing = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (special) => `\\${special}`)}%`;

/** Issue 50: invitations whose standing decision is one of `words` (`none`: no decision, never made or cleared). */
const decidedAs = (words: readonly string[]) => {
  const states = words.filter((word) => word !== NO_DECISION);
  const either: ReturnType<typeof sql<SqlBool>>[] = [];
  if (states.length > 0) {
    either.push(sql<SqlBool>`exists (select 1 from candidate_decisions where candidate_decisions.invitation_id = invitations.id
      and candidate_decisions.decision in (${sql.join(states)}))`);
  }
  if (words.includes(NO_DECISION)) {
    either.push(sql<SqlBool>`not exists (select 1 from candidate_decisions where candidate_decisions.invitation_id = invitations.id
      and candidate_decisions.decision is not null)`);
  }
  return sql<SqlBool>`(${sql.join(either, sql` or `)})`;
};

/** A tag as typed (normalised here as it is stored); a tag that cannot be one matches nothing. */
const taggedWith = (typed: string) => {
  const tag = normalizeTag(typed).val ?? '';
  return sql<SqlBool>`exists (select 1 from candidate_tags where candidate_tags.invitation_id = invitations.id and candidate_tags.tag = ${tag})`;
};

const listColumns = [
  'invitations.id as invitationId',
  'invitations.status as status',
  'invitations.report_status as reportStatus',
  'invitations.score as score',
  'invitations.created_at as createdAt',
  'invitations.started_at as startedAt',
  'invitations.completed_at as completedAt',
  'invitations.expires_at as expiresAt',
  'invitations.extra_time_percent as extraTimePercent',
  'invitations.test_link_id as testLinkId',
  'invitations.window_violations as wv',
  'invitations.time_violation_seconds as tv',
  'invitations.variant_seed as variantSeed',
  versionTestIdOfInvitation.as('contentId'),
  'invitations.end_reason as endReason',
  'invitations.image_violations as imageViolations',
  'invitations.camera_gap_seconds as cameraGapSeconds',
  'candidates.email as email',
  'candidates.full_name as fullName',
] as const;

/** Whether the row reads Expired now, read with it so the row's status and the filter agree (decision 1390). */
const lapsedColumn = (now: number) => sql<number | boolean>`(case when ${lapsedAt(now)} then 1 else 0 end)`.as('lapsed');

/**
 * A row of the list as read here: the wire's row and the attempt's image violations and camera gap, read with it for
 * its integrity summary (decisions 989, 1143) and not fields of the row itself (the summary carries them).
 */
export type ListedInvitation = InvitationListRow & { imageViolations: number; cameraGapSeconds: number | null };
export type ListedInvitations = Omit<InvitationList, 'invitations'> & { invitations: ListedInvitation[] };

/** A test's invitations as a recruiter's list reads them (decision 652): filtered, sorted, one page at a time, with the count. */
export class InvitationListRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly importedTests: ImportedTests,
  ) {}

  /**
   * One page of the org's test's invitations, or undefined (no such test in the org: the route's 404, as for a missing
   * one). `now` decides which Pending and Reset invitations read Expired (decision 1390).
   */
  async list(orgId: number, testId: number, query: InvitationListQuery, now: number): Promise<ListedInvitations | undefined> {
    // Each row out of the version it takes (issue 62 item 4; decision 1500).
    const maxima = await maximaOfTest(this.db, this.importedTests, orgId, testId);
    if (!maxima) return undefined;
    const matching = this.matching(orgId, testId, query, now);
    const [{ count }] = (await matching.select((eb) => eb.fn.countAll<number | string>().as('count')).execute()) as [{ count: number | string }];
    const offset = (query.page_no - 1) * query.page_size;
    if (Number(count) <= offset) return { invitations: [], invitationsCount: Number(count) };
    const sortKey = query.sort.replace(/^-/, '');
    const descending = query.sort.startsWith('-');
    const rows =
      sortKey === 'percent' && !maxima.inScoreOrder
        ? await this.pageByPercent(orgId, testId, query, now, maxima.of, descending, offset)
        : await this.ordered(matching.select(listColumns).select(scoreSoFarColumns).select(lapsedColumn(now)), sortKey, descending)
            .limit(query.page_size)
            .offset(offset)
            .execute();
    return { invitations: rows.map((row) => toListRow(row, maxima.of(Number(row.contentId), row.variantSeed))), invitationsCount: Number(count) };
  }

  private matching(orgId: number, testId: number, query: InvitationListQuery, now: number) {
    const words = (query.q ?? '').split(/\s+/).filter((word) => word !== '');
    const standings = (query.status ?? []).filter((status): status is InvitationStanding => status !== 'Awaiting review');
    const awaiting = query.status?.includes('Awaiting review') ?? false;
    return this.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .where('invitations.org_id', '=', orgId)
      .where('invitations.test_id', '=', testId)
      .$if(query.status !== undefined, (q) =>
        q.where((eb) => {
          const either: Expression<SqlBool>[] = [];
          if (standings.length > 0) either.push(standingIs(eb, standings, now));
          if (awaiting) either.push(AWAITING_REVIEW);
          return eb.or(either);
        }),
      )
      .$if(query.min_score !== undefined, (q) => q.where(sql<SqlBool>`${SHOWN_SCORE} >= ${query.min_score}`))
      .$if(query.max_score !== undefined, (q) => q.where(sql<SqlBool>`${SHOWN_SCORE} <= ${query.max_score}`))
      .$if(query.integrity !== undefined, (q) => q.where(query.integrity === 'confirmed' ? CONFIRMED_EVIDENCE : sql<SqlBool>`not ${CONFIRMED_EVIDENCE}`))
      .$if(query.decision !== undefined, (q) => q.where(decidedAs(query.decision ?? [])))
      .$if(query.tag !== undefined, (q) => q.where(taggedWith(query.tag ?? '')))
      .$if(words.length > 0, (q) =>
        q.where((eb) =>
          eb.and(
            words.map((word) =>
              eb.or([
                sql<SqlBool>`lower(candidates.full_name) like ${containing(word)} escape '\\'`,
                sql<SqlBool>`lower(candidates.email) like ${containing(word)} escape '\\'`,
              ]),
            ),
          ),
        ),
      );
  }

  /** Rows without the key (no score, not completed) come last whichever way; ties by invitation id. */
  private ordered<Q extends { orderBy: (...args: never[]) => Q }>(query: Q, key: string, descending: boolean): Q {
    const direction = descending ? sql.raw('desc') : sql.raw('asc');
    const by = key === 'completed' ? sql`invitations.completed_at` : key === 'invited' ? null : SHOWN_SCORE;
    const order = (q: Q, expression: unknown) => (q.orderBy as (expression: unknown) => Q)(expression);
    if (by === null) return order(query, sql`invitations.id ${direction}`);
    return order(order(order(query, sql`(case when ${by} is null then 1 else 0 end)`), sql`${by} ${direction}`), sql`invitations.id asc`);
  }

  /**
   * A test with pools scores each candidate out of their own draw (decision 576), and one with versions out of each
   * attempt's version (decision 1500), so percent is not score's order: the matching rows' scores, versions and seeds
   * are read (four numbers a row), ordered here, and the page's rows read by id.
   */
  private async pageByPercent(orgId: number, testId: number, query: InvitationListQuery, now: number, maxima: Maxima, descending: boolean, offset: number) {
    const keys = await this.matching(orgId, testId, query, now)
      .select(['invitations.id as id', versionTestIdOfInvitation.as('contentId'), 'invitations.variant_seed as seed', SHOWN_SCORE.as('shown')])
      .execute();
    const percents = keys.map((key) => ({
      id: Number(key.id),
      percent: percentOf(key.shown === null ? null : Number(key.shown), maxima(Number(key.contentId), key.seed)),
    }));
    percents.sort((a, b) => {
      if (a.percent === null || b.percent === null) return (a.percent === null ? 1 : 0) - (b.percent === null ? 1 : 0) || a.id - b.id;
      return (descending ? b.percent - a.percent : a.percent - b.percent) || a.id - b.id;
    });
    const ids = percents.slice(offset, offset + query.page_size).map((entry) => entry.id);
    if (ids.length === 0) return [];
    const rows = await this.matching(orgId, testId, query, now)
      .select(listColumns)
      .select(scoreSoFarColumns)
      .select(lapsedColumn(now))
      .where('invitations.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [Number(row.invitationId), row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}

type ListSqlRow = {
  invitationId: number;
  status: string;
  reportStatus: string;
  score: number;
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  expiresAt: number | null;
  extraTimePercent: number;
  testLinkId: number | null;
  wv: number;
  tv: number;
  variantSeed: number | null;
  contentId: number | string;
  endReason: string | null;
  imageViolations: number;
  cameraGapSeconds: number | null;
  email: string;
  fullName: string;
  awaiting: number | string;
  soFar: number | string | null;
  lapsed: number | string | boolean;
};

const instant = (at: number | null) => (at === null ? null : formatWireDateTime(Number(at)));

const toListRow = (row: ListSqlRow, maxScore: number): ListedInvitation => {
  const { shown, awaitingReview } = shownOfRow(row);
  return {
    testInvitationId: Number(row.invitationId),
    fullName: row.fullName,
    emailId: row.email,
    testStatus: Number(row.lapsed) === 1 ? 'Expired' : (row.status as InvitationStanding),
    reportStatus: row.reportStatus as ReportStatus,
    scoreStatus: shown.scoreStatus,
    score: shown.score,
    maxScore,
    percent: percentOf(shown.score, maxScore),
    awaitingReview,
    invitedAt: formatWireDateTime(Number(row.createdAt)),
    startedAt: instant(row.startedAt),
    completedAt: instant(row.completedAt),
    expiresAt: instant(row.expiresAt),
    extraTimePercent: Number(row.extraTimePercent),
    testLinkId: row.testLinkId === null ? null : Number(row.testLinkId),
    wv: Number(row.wv),
    tv: Number(row.tv),
    // Counted from the evidence tables by the server for the page's rows only (decision 672).
    integrity: null,
    // Read by the server for the page's rows only, like the integrity summary (candidateDecisions.listedOf).
    decision: null,
    tags: [],
    meanRating: null,
    // Only on a terminated attempt: every other row stays as before (decision 946).
    ...(row.endReason === 'terminated' ? { endReason: 'terminated' as const } : {}),
    imageViolations: Number(row.imageViolations),
    // A camera-proctored attempt's longest stretch without a photo (decision 1143), for its summary like the image violations.
    cameraGapSeconds: row.cameraGapSeconds === null ? null : Number(row.cameraGapSeconds),
  };
};
