import { type Kysely, sql } from 'kysely';
import {
  type AccessTime,
  type AttemptEndReason,
  INVITATION_STATUS,
  type InvitationStatus,
  type V3AttemptRow,
  type V3AttemptState,
  type V3AttemptsWindow,
  windowClosesAt,
  windowFromStored,
} from '@assay/domain';
import type { Database } from '../database.js';

/** What iMocha v3's report of an invitation needs beside its report details (decision 907). */
export interface V3InvitationFacts {
  readonly status: InvitationStatus;
  readonly endReason: AttemptEndReason | null;
  /** When its window closes (its own expiry, its link's end); null when it never does. */
  readonly closesAt: number | null;
  readonly completedAt: number | null;
  readonly reportLinkGeneration: number;
}

/** The candidates of `expired`, read page by page: never-started invitations whose window may close. */
const EXPIRY_PAGE = 1000;

interface LinkWindowColumns {
  expiresAt: number | string | null;
  accessTime: number | null;
  startDateTime: string | null;
  endDateTime: string | null;
}

const closesAtOf = (row: LinkWindowColumns): number | null =>
  windowClosesAt({
    expiresAt: row.expiresAt === null ? null : Number(row.expiresAt),
    linkWindow: row.accessTime === null ? undefined : windowFromStored(row.accessTime as AccessTime, row.startDateTime, row.endDateTime),
  });

/** iMocha v3's reads of reports and attempts (issue 52): org-scoped, another org's ids read like missing ones. */
export class V3ReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private invitations() {
    return this.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .leftJoin('test_links', 'test_links.id', 'invitations.test_link_id')
      .select([
        'invitations.id as testInvitationId',
        'invitations.test_id as testId',
        'candidates.full_name as name',
        'candidates.email as email',
        'invitations.status as status',
        'invitations.end_reason as endReason',
        'invitations.expires_at as expiresAt',
        'test_links.access_time as accessTime',
        'test_links.start_date_time as startDateTime',
        'test_links.end_date_time as endDateTime',
        // Only a registration through a public link is the candidate's own (decision 910): its `created` entry is by them.
        sql<number>`(case when exists (select 1 from invitation_history where invitation_history.invitation_id = invitations.id
          and invitation_history.kind = 'created' and invitation_history.actor = 'candidate') then 1 else 0 end)`.as('selfRegistered'),
      ]);
  }

  /** The facts of the org's invitation; undefined for another org's or an unknown id. */
  async reportFacts(orgId: number, invitationId: number): Promise<V3InvitationFacts | undefined> {
    const row = await this.db
      .selectFrom('invitations')
      .leftJoin('test_links', 'test_links.id', 'invitations.test_link_id')
      .select([
        'invitations.status as status',
        'invitations.end_reason as endReason',
        'invitations.expires_at as expiresAt',
        'invitations.completed_at as completedAt',
        'invitations.report_link_generation as reportLinkGeneration',
        'test_links.access_time as accessTime',
        'test_links.start_date_time as startDateTime',
        'test_links.end_date_time as endDateTime',
      ])
      .where('invitations.org_id', '=', orgId)
      .where('invitations.id', '=', invitationId)
      .executeTakeFirst();
    return (
      row && {
        status: row.status,
        endReason: row.endReason as AttemptEndReason | null,
        closesAt: closesAtOf(row),
        completedAt: row.completedAt === null ? null : Number(row.completedAt),
        reportLinkGeneration: Number(row.reportLinkGeneration),
      }
    );
  }

  /**
   * The org's attempts of a state whose instant falls in [from, to), oldest first, at most `limit` (a caller that
   * wants to know there are more asks for one more): completed by completion, cancelled by cancellation, expired by
   * the close of the window of a never-started invitation, closed by `now` (decision 911).
   */
  async testAttempts(orgId: number, state: V3AttemptState, { from, to }: V3AttemptsWindow, now: number, limit: number): Promise<V3AttemptRow[]> {
    if (state === 'expired') return this.expired(orgId, from, Math.min(to, now + 1), limit);
    const [status, column] =
      state === 'completed'
        ? ([INVITATION_STATUS.completed, 'invitations.completed_at'] as const)
        : ([INVITATION_STATUS.cancelled, 'invitations.cancelled_at'] as const);
    const rows = await this.invitations()
      .where('invitations.org_id', '=', orgId)
      .where('invitations.status', '=', status)
      .where(column, '>=', from)
      .where(column, '<', to)
      .orderBy(column)
      .orderBy('invitations.id')
      .limit(limit)
      .execute();
    return rows.map(attemptRowOf);
  }

  /** Never-started invitations whose window closed in [from, to): their own expiry there, or a bounded link's. */
  private async expired(orgId: number, from: number, to: number, limit: number): Promise<V3AttemptRow[]> {
    const found: { row: V3AttemptRow; closesAt: number }[] = [];
    for (let afterId = 0; found.length < limit; ) {
      const page = await this.invitations()
        .where('invitations.org_id', '=', orgId)
        .where('invitations.id', '>', afterId)
        .where('invitations.status', 'in', [INVITATION_STATUS.pending, INVITATION_STATUS.reset])
        .where((eb) =>
          eb.or([eb.and([eb('invitations.expires_at', '>=', from), eb('invitations.expires_at', '<', to)]), eb('test_links.access_time', '!=', 0)]),
        )
        .orderBy('invitations.id')
        .limit(EXPIRY_PAGE)
        .execute();
      for (const row of page) {
        const closesAt = closesAtOf(row);
        if (closesAt !== null && closesAt >= from && closesAt < to) found.push({ row: attemptRowOf(row), closesAt });
      }
      if (page.length < EXPIRY_PAGE) break;
      afterId = page[page.length - 1]!.testInvitationId;
    }
    return found
      .sort((a, b) => a.closesAt - b.closesAt || a.row.testInvitationId - b.row.testInvitationId)
      .slice(0, limit)
      .map(({ row }) => row);
  }
}

const attemptRowOf = (row: {
  testInvitationId: number;
  testId: number;
  name: string;
  email: string;
  status: InvitationStatus;
  endReason: string | null;
  selfRegistered: number | string;
}): V3AttemptRow => ({
  testInvitationId: row.testInvitationId,
  testId: row.testId,
  name: row.name,
  email: row.email,
  selfRegistered: Number(row.selfRegistered) === 1,
  status: row.status,
  endReason: row.endReason as AttemptEndReason | null,
});
