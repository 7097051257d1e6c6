import { type Kysely, type SqlBool, sql } from 'kysely';
import { invitationSummary, percentOf, type InvitationStanding, type InvitationSummary } from '@assay/domain';
import type { Database } from '../database.js';
import type { ImportedTests } from './imported-tests.js';
import { maximaOfTest } from './attempt-maxima.js';
import { AWAITING_REVIEW, SHOWN_SCORE } from './invitation-list.js';
import { lapsedAt } from './lapsed-sql.js';
import { versionTestIdOfInvitation } from './report-columns.js';

/**
 * A test's pipeline (issue 50, decision 766): its invitations counted per status in one grouped query on the test's
 * index, those awaiting review, and each shown score with its attempt's version and variant (three numbers a row), from which the
 * domain computes the rate and the distribution.
 */
export class InvitationSummaryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly importedTests: ImportedTests,
  ) {}

  /**
   * The summary of the org's test, or undefined (no such test in the org: the route's 404, as for a missing one). `now`
   * decides which Pending and Reset invitations count as Expired (decision 1390).
   */
  async summary(orgId: number, testId: number, now: number): Promise<InvitationSummary | undefined> {
    // Each score out of the version its attempt took (issue 62 item 4; decision 1500).
    const maxima = await maximaOfTest(this.db, this.importedTests, orgId, testId);
    if (!maxima) return undefined;
    const ofTest = this.db.selectFrom('invitations').where('invitations.org_id', '=', orgId).where('invitations.test_id', '=', testId);
    const standing = sql<string>`(case when ${lapsedAt(now)} then 'Expired' else invitations.status end)`;
    const [stageRows, awaiting, scoreRows] = await Promise.all([
      ofTest
        .select([standing.as('standing'), (eb) => eb.fn.countAll<number | string>().as('count')])
        // By the output's name: PostgreSQL would not match the expression's parameters to the select's.
        .groupBy(sql.ref('standing'))
        .execute(),
      ofTest
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where(AWAITING_REVIEW)
        .executeTakeFirstOrThrow(),
      ofTest
        .select(['invitations.variant_seed as seed', versionTestIdOfInvitation.as('contentId'), SHOWN_SCORE.as('shown')])
        .where(sql<SqlBool>`${SHOWN_SCORE} is not null`)
        .execute(),
    ]);
    // PostgreSQL hands counts (and numeric sums) over as strings.
    const stages = Object.fromEntries(stageRows.map((row) => [row.standing, Number(row.count)])) as Partial<Record<InvitationStanding, number>>;
    const scores = scoreRows.map((row) => {
      const score = Number(row.shown);
      return { score, percent: percentOf(score, maxima.of(Number(row.contentId), row.seed)) ?? 0 };
    });
    return invitationSummary({ stages, awaitingReview: Number(awaiting.count), scores });
  }
}
