import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  questionsAskedOf,
  sectionMaxScoreOf,
  testMaxScoreOf,
  testDurationOf,
  type Section,
  type SectionType,
  type TestDefinition,
  type ImportedTest,
  type TestDetails,
  type TestStatus,
  type SectionRecord,
  type TestSummary,
} from '@assay/domain';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import { toSectionRecord } from './records.js';
import { inTransaction } from '../engine/transaction-steps.js';
import type { Dialect } from '../engine/connect.js';
import type { Database, TestRow } from '../database.js';

const sectionTypeOf = (type: 'general' | 'coding'): SectionType => (type === 'coding' ? 'Coding Questions' : 'General Questions');

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

/** What a summary of a test needs: every column but the definition, which only the candidate's session reads. */
const summaryColumns = ['id', 'name', 'access_key', 'duration', 'question_count', 'status'] as const;
export type TestSummaryRow = Pick<TestRow, (typeof summaryColumns)[number]>;

interface CachedTest {
  row: TestSummaryRow;
  details?: Promise<TestDetails>;
}

const testById = compileOnce((db: Kysely<Database>) =>
  db.selectFrom('tests').select(summaryColumns).where('org_id', '=', parameter<number>('orgId')).where('id', '=', parameter<number>('testId')),
);

const testsPage = compileOnce((db: Kysely<Database>) =>
  db
    .selectFrom('tests')
    .select(summaryColumns)
    .where('org_id', '=', parameter<number>('orgId'))
    .where('org_position', '>', parameter<number>('offset'))
    .orderBy('org_position')
    .limit(parameter<number>('limit')),
);

/**
 * Positions are 32-bit integers (PostgreSQL `integer`): no page starts past the largest one, and an offset beyond it
 * (page 999 999 999 of 100) would not even bind to the query's parameter. Such a page is empty, as it is anyway.
 */
const LAST_POSITION = 2_147_483_647;

/** Tests are never deleted, so the highest position is the count. */
const testsCount = compileOnce((db: Kysely<Database>) =>
  db
    .selectFrom('tests')
    .select((eb) => eb.fn.max('org_position').as('count'))
    .where('org_id', '=', parameter<number>('orgId')),
);

export class TestsRepository {
  private readonly cache = new LRUCache<string, CachedTest>({ max: 1000 });
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
      const asked = definition.sections.reduce((total, section) => total + questionsAskedOf(section), 0);
      const stored = JSON.stringify(definition);
      // The definition as parsed (defaults filled in), so the same file imported again is found whatever its spacing.
      const same = await trx
        .selectFrom('tests')
        .select('id')
        .where('org_id', '=', orgId)
        .where('definition', '=', stored)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const test = await trx
        .insertInto('tests')
        .values({
          org_id: orgId,
          name: definition.testName,
          access_key: accessKey,
          duration: testDurationOf(definition),
          question_count: asked,
          total_marks: testMaxScoreOf(definition),
          status: definition.testStatus,
          definition: stored,
          created_at: now,
          org_position: Number(last?.position ?? 0) + 1,
        })
        .returningAll()
        .executeTakeFirstOrThrow();

      const sections: SectionRecord[] = [];
      for (const [position, section] of definition.sections.entries()) {
        const row = await trx
          .insertInto('sections')
          .values({
            test_id: test.id,
            position,
            name: section.sectionName,
            section_type: sectionTypeOf(section.sectionType),
            duration: section.duration,
            // A pool's candidates are each asked its draw (issue 34): what the v2 answers count.
            question_count: questionsAskedOf(section),
            total_marks: sectionMaxScoreOf(section),
            draw: section.draw ?? null,
            shuffle_questions: section.shuffleQuestions === true ? 1 : 0,
            shuffle_options: section.shuffleOptions === true ? 1 : 0,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        sections.push(toSectionRecord(row));
        await trx
          .insertInto('questions')
          .values(
            section.questions.map((question, questionPosition) => ({
              test_id: test.id,
              section_id: row.id,
              position: questionPosition,
              kind: question.type,
              marks: question.marks,
              negative_marks: question.negativeMarks,
              body: JSON.stringify(question),
            })),
          )
          .execute();
      }
      return { ...toTestSummary(test), sections: sections.map(toSection), sameContentAs: same?.id ?? null };
    });
  }

  /** A page of the org's tests, in import order: an index seek to the page's first position (migration 011). */
  async list(orgId: number, limit: number, offset: number): Promise<{ tests: TestSummary[]; testsCount: number }> {
    const [count] = await testsCount(this.db, { orgId });
    const total = Number(count?.count ?? 0);
    const length = Math.max(0, Math.min(limit, total - offset));
    // Past the end: nothing to read (and nothing to keep, whatever page number a client sends).
    if (length === 0) return { tests: [], testsCount: total };
    const pageKey = `${orgId}:${offset}:${limit}`;
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
    test.details ??= this.sections(testId).then(
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
