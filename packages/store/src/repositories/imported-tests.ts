import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { QuestionRecord, TestRecord } from '@assay/domain';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import type { Database, TestRow } from '../database.js';
import { toQuestionRecord, toTestRecord } from './records.js';

/** What a report shows of its test: its own columns and its sections in order. */
export interface ReportTest {
  testName: string;
  duration: number;
  questions: number;
  totalMarks: number;
  sections: ReadonlyArray<{ id: number; name: string; totalMarks: number }>;
}

const testRowById = compileOnce((db: Kysely<Database>) => db.selectFrom('tests').selectAll().where('id', '=', parameter<number>('testId')));

const currentVersionOfTest = compileOnce((db: Kysely<Database>) =>
  db.selectFrom('tests').select('current_version_id').where('id', '=', parameter<number>('testId')),
);

const versionRowsOfTest = compileOnce((db: Kysely<Database>) =>
  db
    .selectFrom('tests')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', parameter<number>('testId')), eb('lineage_id', '=', parameter<number>('testId'))]))
    .orderBy('version'),
);

const sectionsOfTest = compileOnce((db: Kysely<Database>) =>
  db.selectFrom('sections').select(['id', 'name', 'total_marks as totalMarks']).where('test_id', '=', parameter<number>('testId')).orderBy('position'),
);

const questionRowsOfTest = compileOnce((db: Kysely<Database>) =>
  db
    .selectFrom('questions')
    .innerJoin('sections', 'sections.id', 'questions.section_id')
    .selectAll('questions')
    .where('questions.test_id', '=', parameter<number>('testId'))
    .orderBy('sections.position')
    .orderBy('questions.position'),
);

/** Tests kept at most. */
const TESTS_KEPT = 1000;
/** What kept questions hold in memory, roughly: their stored JSON's length (a coding question's hidden tests dominate). */
const QUESTIONS_KEPT_CHARS = 64 * 2 ** 20;

/**
 * One imported test as kept: every view comes from the one test row read first (so no two views of it can disagree),
 * the sections and questions once asked for. Replaced, never changed in place: the cache weighs an entry when it is set.
 */
interface KeptTest {
  readonly orgId: number;
  readonly record: Readonly<TestRecord>;
  readonly row: Pick<TestRow, 'name' | 'duration' | 'question_count' | 'total_marks'>;
  readonly report?: Readonly<ReportTest>;
  readonly questions?: readonly QuestionRecord[];
  /** 1, plus the characters of its kept questions. */
  readonly size: number;
}

/**
 * The facts of imported tests, read once per store and shared by its transactions: an attempt's test record and
 * questions (every candidate request needs them, and a definition is kilobytes of JSON to parse), and a report's test
 * columns and sections (so a report reads only the invitation's own rows). Tests, their sections and questions never
 * change once imported (no route updates or deletes one; a new version is a new row, migration 063) and ids are never reused, so
 * what one instance read stays true on every instance and in every transaction (repositories/README.md).
 *
 * Scoped by org: a test is answered only to the org it belongs to — another org's id answers like a missing one.
 * Questions are asked for by test alone (`AttemptsRepository.questions`), by callers that reached the test through an
 * invitation they read. One bound: at most TESTS_KEPT tests and QUESTIONS_KEPT_CHARS of their questions.
 */
export class ImportedTests {
  private readonly kept = new LRUCache<number, KeptTest>({ max: TESTS_KEPT, maxSize: QUESTIONS_KEPT_CHARS, sizeCalculation: (test) => test.size });

  /** The org's test as the candidate side and the domain read it, or undefined (missing, or another org's). */
  async record(db: Kysely<Database>, orgId: number, testId: number): Promise<TestRecord | undefined> {
    const test = this.kept.get(testId) ?? (await this.read(db, testId));
    return test?.orgId === orgId ? test.record : undefined;
  }

  /** The org's test as its reports show it, or undefined (missing, or another org's). */
  async report(db: Kysely<Database>, orgId: number, testId: number): Promise<ReportTest | undefined> {
    const hit = this.kept.get(testId);
    if (hit && hit.orgId !== orgId) return undefined;
    if (hit?.report) return hit.report;
    const [test, sections] = await Promise.all([hit ?? this.read(db, testId), sectionsOfTest(db, { testId })]);
    if (test?.orgId !== orgId) return undefined;
    const { name, duration, question_count, total_marks } = test.row;
    const report = Object.freeze({ testName: name, duration, questions: question_count, totalMarks: total_marks, sections: Object.freeze(sections) });
    this.keep(testId, (current) => ({ ...current, report }));
    return report;
  }

  /**
   * The test's questions in the order the candidate sees them: every answer saved looks its question up, and a
   * session or a score needs all of them — parsing 24 stored questions on each save was a fifth of a campus drive's CPU
   * (decision 319). Frozen, because every request shares them.
   */
  async questions(db: Kysely<Database>, testId: number): Promise<readonly QuestionRecord[]> {
    const hit = this.kept.get(testId);
    if (hit?.questions) return hit.questions;
    const rows = await questionRowsOfTest(db, { testId });
    const questions = Object.freeze(rows.map((row) => Object.freeze(toQuestionRecord(row))));
    const size = rows.reduce((sum, row) => sum + row.body.length, 1);
    // A test larger than the whole budget is answered but not kept.
    if (size <= QUESTIONS_KEPT_CHARS && (this.kept.has(testId) || (await this.read(db, testId))))
      this.keep(testId, (current) => ({ ...current, questions, size }));
    return questions;
  }

  /**
   * The row of the test's current version (the test's own row until a second version exists). Read every time: the
   * only fact of a test that changes, and only an invitation not started yet asks it (a started one keeps its version).
   */
  async currentVersionId(db: Kysely<Database>, testId: number): Promise<number> {
    const [row] = await currentVersionOfTest(db, { testId });
    return Number(row?.current_version_id ?? testId);
  }

  /** The rows of every version of the test, oldest first (its own id alone for a test never changed). */
  async versionIds(db: Kysely<Database>, testId: number): Promise<number[]> {
    return (await versionRowsOfTest(db, { testId })).map((row) => Number(row.id));
  }

  /** The questions of every version of the test, oldest first: what an answer of any attempt of it is looked up in. */
  async questionsOfEveryVersion(db: Kysely<Database>, testId: number): Promise<readonly QuestionRecord[]> {
    const versions = await this.versionIds(db, testId);
    if (versions.length <= 1) return this.questions(db, testId);
    return (await Promise.all(versions.map((id) => this.questions(db, id)))).flat();
  }

  /** Reads the test and keeps it; undefined for an id no test has. A failed read is not kept. */
  private async read(db: Kysely<Database>, testId: number): Promise<KeptTest | undefined> {
    const [row] = await testRowById(db, { testId });
    if (!row) return undefined;
    const { org_id: orgId, name, duration, question_count, total_marks } = row;
    const test: KeptTest = { orgId, record: Object.freeze(toTestRecord(row)), row: { name, duration, question_count, total_marks }, size: 1 };
    // Another read may have kept it meanwhile, with more views: that one stays.
    const meanwhile = this.kept.get(testId);
    if (meanwhile) return meanwhile;
    this.kept.set(testId, test);
    return test;
  }

  /** Keeps the test with one more view, added to what is kept now (another read may have added one meanwhile). */
  private keep(testId: number, withView: (current: KeptTest) => KeptTest): void {
    const current = this.kept.get(testId);
    if (current) this.kept.set(testId, withView(current));
  }
}
