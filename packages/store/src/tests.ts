import type { Kysely } from 'kysely';
import {
  maxScoreOf,
  testDurationOf,
  type Section,
  type SectionType,
  type TestDefinition,
  type TestDetails,
  type TestStatus,
  type SectionRecord,
  type TestSummary,
} from '@assay/domain';
import { toSectionRecord } from './records.js';
import type { Database, TestRow } from './database.js';

const sectionTypeOf = (type: 'general' | 'coding'): SectionType => (type === 'coding' ? 'Coding Questions' : 'General Questions');

export const toTestSummary = (row: TestRow): TestSummary => ({
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

export class TestsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a test with its sections and questions in one transaction. */
  async importDefinition(orgId: number, definition: TestDefinition, accessKey: string, now: number): Promise<TestDetails> {
    return this.db.transaction().execute(async (trx) => {
      const allQuestions = definition.sections.flatMap((section) => section.questions);
      const test = await trx
        .insertInto('tests')
        .values({
          org_id: orgId,
          name: definition.testName,
          access_key: accessKey,
          duration: testDurationOf(definition),
          question_count: allQuestions.length,
          total_marks: maxScoreOf(allQuestions),
          status: definition.testStatus,
          definition: JSON.stringify(definition),
          created_at: now,
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
            question_count: section.questions.length,
            total_marks: maxScoreOf(section.questions),
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
      return { ...toTestSummary(test), sections: sections.map(toSection) };
    });
  }

  async list(orgId: number, limit: number, offset: number): Promise<{ tests: TestSummary[]; testsCount: number }> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom('tests').selectAll().where('org_id', '=', orgId).orderBy('id').limit(limit).offset(offset).execute(),
      this.db
        .selectFrom('tests')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow(),
    ]);
    return { tests: rows.map(toTestSummary), testsCount: Number(count.count) };
  }

  find(orgId: number, testId: number): Promise<TestRow | undefined> {
    return this.db.selectFrom('tests').selectAll().where('org_id', '=', orgId).where('id', '=', testId).executeTakeFirst();
  }

  /** The test's sections in order. */
  async sections(testId: number): Promise<SectionRecord[]> {
    const rows = await this.db.selectFrom('sections').selectAll().where('test_id', '=', testId).orderBy('position').execute();
    return rows.map(toSectionRecord);
  }

  async details(orgId: number, testId: number): Promise<TestDetails | undefined> {
    const test = await this.find(orgId, testId);
    if (!test) return undefined;
    const sections = await this.sections(test.id);
    return { ...toTestSummary(test), sections: sections.map(toSection) };
  }
}
