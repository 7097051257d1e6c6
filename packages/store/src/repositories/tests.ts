import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type {
  Result,
  Section,
  TestDefinition,
  TestVersionList,
  TestVersionMade,
  ImportedTest,
  TestDetails,
  TestStatus,
  SectionRecord,
  TestSummary,
  ExposureCount,
  RetiredQuestion,
} from '@assay/domain';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import { toSectionRecord } from './records.js';
import { insertTestContent } from './test-content-writes.js';
import { exposureCountsOf } from './question-exposures.js';
import { addTestVersion, currentDefinitionOf, testVersionsOf, versionRowOf } from './test-versions.js';
import { inTransaction } from '../engine/transaction-steps.js';
import type { Dialect } from '../engine/connect.js';
import type { Database, TestRow } from '../database.js';

export const toTestSummary = (row: Pick<TestRow, 'id' | 'name' | 'access_key' | 'duration' | 'question_count' | 'status'>): TestSummary => ({
  testId: row.id,
  testName: row.name,
  accessKey: row.access_key,
  duration: row.duration,
  questions: row.question_count,
  testStatus: row.status as TestStatus,
});

export const toSection = (section: SectionRecord): Section => ({
  sectionName: section.name,
  sectionType: section.sectionType,
  questions: section.questionCount,
  duration: section.duration,
});

/**
 * What a summary of a test needs: its identity (id, access key) from its first row, the rest from its current version
 * (issue 62 item 4), and which version that is. A later version's own row is not a test: never listed, never found.
 */
const currentSummaryOf = (db: Kysely<Database>) =>
  db
    .selectFrom('tests')
    .leftJoin('tests as current', 'current.id', 'tests.current_version_id')
    .select((eb) => [
      'tests.id',
      'tests.access_key',
      eb.fn.coalesce('current.name', 'tests.name').as('name'),
      eb.fn.coalesce('current.duration', 'tests.duration').as('duration'),
      eb.fn.coalesce('current.question_count', 'tests.question_count').as('question_count'),
      eb.fn.coalesce('current.status', 'tests.status').as('status'),
      eb.fn.coalesce('current.id', 'tests.id').as('content_id'),
      eb.fn.coalesce('current.version', 'tests.version').as('version'),
    ])
    .where('tests.lineage_id', 'is', null);

export type TestSummaryRow = Pick<TestRow, 'id' | 'name' | 'access_key' | 'duration' | 'question_count' | 'status'> & {
  /** The row of its current version's content (its own id until a second version). */
  content_id: number;
  version: number;
};

interface CachedTest {
  row: TestSummaryRow;
  details?: Promise<TestDetails>;
}

const testById = compileOnce((db: Kysely<Database>) =>
  currentSummaryOf(db).where('tests.org_id', '=', parameter<number>('orgId')).where('tests.id', '=', parameter<number>('testId')),
);

const testsPage = compileOnce((db: Kysely<Database>) =>
  currentSummaryOf(db)
    .where('tests.org_id', '=', parameter<number>('orgId'))
    .where('tests.org_position', '>', parameter<number>('offset'))
    .orderBy('tests.org_position')
    .limit(parameter<number>('limit')),
);

/**
 * Positions are 32-bit integers (PostgreSQL `integer`): no page starts past the largest one, and an offset beyond it
 * (page 999 999 999 of 100) would not even bind to the query's parameter. Such a page is empty, as it is anyway.
 */
const LAST_POSITION = 2_147_483_647;

/**
 * Tests are never deleted, so the highest position is the count (a later version's row has a negative one). The
 * org's newest row, a test or a version, says whether a kept page may still be true (issue 62 item 4).
 */
const testsCount = compileOnce((db: Kysely<Database>) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('tests')
      .select((tests) => tests.fn.max('org_position').as('count'))
      .where('org_id', '=', parameter<number>('orgId'))
      .as('count'),
    eb.selectFrom('tests').select('id').where('org_id', '=', parameter<number>('orgId')).orderBy('id', 'desc').limit(1).as('newest'),
  ]),
);

/** How long a kept test is served before it is read again: what another instance's new version may take to show. */
const TEST_KEPT_MS = 2000;

export class TestsRepository {
  /**
   * Tests kept by org and id. A new version changes what a test shows (issue 62 item 4): this instance forgets it at
   * once, another one within `TEST_KEPT_MS` (decision 1488); an attempt never reads its version from here.
   */
  private readonly cache = new LRUCache<string, CachedTest>({ max: 1000, ttl: TEST_KEPT_MS });
  /**
   * Pages of an org's list, by org, offset and size. Tests are never updated or deleted, and positions run 1..count
   * without gaps (an import takes the next one), so the page at an offset holds exactly min(size, count - offset)
   * tests and is the same on every instance while the count stays. A kept page is served only when its length is
   * the one the count read by this request calls for: a partial page that has grown since (an import here or on
   * another instance) is read again.
   */
  private readonly pages = new LRUCache<string, TestSummary[]>({ max: 500 });
  private readonly sectionsKept = new LRUCache<number, SectionRecord[]>({ max: 1000 });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Stores a test with its sections and questions in one transaction. */
  async importDefinition(orgId: number, definition: TestDefinition, accessKey: string, now: number): Promise<ImportedTest> {
    return inTransaction(this.db, async (trx) => {
      // Concurrent imports of one org queue on its row for the next position (SQLite has one writer anyway).
      if (this.dialect === 'postgres') await trx.selectFrom('orgs').select('id').where('id', '=', orgId).forUpdate().execute();
      const [last] = await trx
        .selectFrom('tests')
        .select((eb) => eb.fn.max('org_position').as('position'))
        .where('org_id', '=', orgId)
        .execute();
      const stored = JSON.stringify(definition);
      // The definition as parsed (defaults filled in), so the same file imported again is found whatever its spacing.
      const same = await trx
        .selectFrom('tests')
        .select((eb) => eb.fn.coalesce('lineage_id', 'id').as('id'))
        .where('org_id', '=', orgId)
        .where('definition', '=', stored)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const { test, sections } = await insertTestContent(trx, { orgId, accessKey, orgPosition: Number(last?.position ?? 0) + 1 }, definition, now);
      return { ...toTestSummary(test), sections: sections.map(toSection), sameContentAs: same === undefined ? null : Number(same.id) };
    });
  }

  /** A new version of the org's test (`addTestVersion`); this instance shows it at once. Undefined: no such test. */
  async addVersion(orgId: number, testId: number, definition: TestDefinition, now: number): Promise<Result<TestVersionMade> | undefined> {
    const made = await addTestVersion(this.db, this.dialect, { orgId, testId, definition, now });
    if (made?.val?.created) this.cache.delete(`${orgId}:${testId}`);
    return made;
  }

  /**
   * The version without the questions a start found at their pool's cap (issue 62 item 5, decision 1496), marked
   * retired with it; two starts racing make it once (the same definition again makes nothing).
   */
  async retireAtCap(
    orgId: number,
    testId: number,
    definition: TestDefinition,
    retired: readonly RetiredQuestion[],
    now: number,
  ): Promise<Result<TestVersionMade> | undefined> {
    const made = await addTestVersion(this.db, this.dialect, { orgId, testId, definition, now, retired });
    if (made?.val?.created) this.cache.delete(`${orgId}:${testId}`);
    return made;
  }

  /** The test's exposure counts per question identity (`testId`: its first row), read fresh. */
  exposureCounts(testId: number): Promise<ExposureCount[]> {
    return exposureCountsOf(this.db, testId);
  }

  /** The definition of the test's current version; undefined: the org has no such test. */
  currentDefinition(orgId: number, testId: number): Promise<TestDefinition | undefined> {
    return currentDefinitionOf(this.db, orgId, testId);
  }

  /** The definition of the org's test's version `version`, as stored; undefined: no such test or version. */
  async versionDefinition(orgId: number, testId: number, version: number): Promise<TestDefinition | undefined> {
    const rowId = await versionRowOf(this.db, orgId, testId, version);
    if (rowId === undefined) return undefined;
    const row = await this.db.selectFrom('tests').select('definition').where('org_id', '=', orgId).where('id', '=', rowId).executeTakeFirst();
    return row === undefined ? undefined : (JSON.parse(row.definition) as TestDefinition);
  }

  /** The test's versions, oldest first; undefined: the org has no such test. */
  versions(orgId: number, testId: number): Promise<TestVersionList | undefined> {
    return testVersionsOf(this.db, orgId, testId);
  }

  /** The row of the org's test's version `version`; undefined: no such test or version. */
  versionRow(orgId: number, testId: number, version: number): Promise<number | undefined> {
    return versionRowOf(this.db, orgId, testId, version);
  }

  /** The row of the org's test's current version (its own id for an unknown test: reads of it then find nothing). */
  async currentContentId(orgId: number, testId: number): Promise<number> {
    return (await this.find(orgId, testId))?.content_id ?? testId;
  }

  /** The row of the version an invitation's attempt takes: the one it started on, else the test's current one. */
  async versionOfInvitation(invitationId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('invitations')
      .innerJoin('tests', 'tests.id', 'invitations.test_id')
      .select((eb) => eb.fn.coalesce('invitations.version_test_id', 'tests.current_version_id', 'tests.id').as('contentId'))
      .where('invitations.id', '=', invitationId)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.contentId);
  }

  /** A page of the org's tests, in import order: an index seek to the page's first position (migration 011). */
  async list(orgId: number, limit: number, offset: number): Promise<{ tests: TestSummary[]; testsCount: number }> {
    const [count] = await testsCount(this.db, { orgId });
    const total = Number(count?.count ?? 0);
    const newest = Number(count?.newest ?? 0);
    const length = Math.max(0, Math.min(limit, total - offset));
    // Past the end: nothing to read (and nothing to keep, whatever page number a client sends).
    if (length === 0) return { tests: [], testsCount: total };
    const pageKey = `${orgId}:${offset}:${limit}:${newest}`;
    const kept = this.pages.get(pageKey);
    if (kept?.length === length) return { tests: kept, testsCount: total };
    const tests = (await testsPage(this.db, { orgId, limit, offset: Math.min(offset, LAST_POSITION) })).map(toTestSummary);
    // An import committed between the two reads makes the page longer than the count said: answered, not kept.
    if (tests.length === length) this.pages.set(pageKey, tests);
    return { tests, testsCount: total };
  }

  /** The org's test, or undefined (another org's test answers like a missing one). */
  async find(orgId: number, testId: number): Promise<TestSummaryRow | undefined> {
    return (await this.cached(orgId, testId))?.row;
  }

  /**
   * The test's sections in order. Kept once read (tests never change; a failed read is not kept): every answer saved
   * asks them, to know whether the test draws questions (issue 34).
   */
  async sections(testId: number): Promise<SectionRecord[]> {
    const kept = this.sectionsKept.get(testId);
    if (kept) return kept;
    const rows = await this.db.selectFrom('sections').selectAll().where('test_id', '=', testId).orderBy('position').execute();
    const sections = rows.map(toSectionRecord);
    if (sections.length > 0) this.sectionsKept.set(testId, sections);
    return sections;
  }

  async details(orgId: number, testId: number): Promise<TestDetails | undefined> {
    const test = await this.cached(orgId, testId);
    if (!test) return undefined;
    test.details ??= this.sections(test.row.content_id).then(
      (sections) => ({ ...toTestSummary(test.row), sections: sections.map(toSection) }),
      (error: unknown) => {
        test.details = undefined;
        throw error;
      },
    );
    return test.details;
  }

  /**
   * Tests never change once imported (no route updates or deletes one), so a test read once stays true on
   * every instance and is kept: the details and registration routes read it on every request. A failed
   * read is not kept. Only the summary columns are read and kept: a thousand kept tests are a thousand small
   * rows, not a thousand definitions.
   */
  private async cached(orgId: number, testId: number): Promise<CachedTest | undefined> {
    const key = `${orgId}:${testId}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const [row] = await testById(this.db, { orgId, testId });
    if (!row) return undefined;
    const test: CachedTest = { row };
    this.cache.set(key, test);
    return test;
  }
}
