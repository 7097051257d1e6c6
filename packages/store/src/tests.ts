import type { Kysely } from 'kysely';
import {
  maxScoreOf,
  testDurationOf,
  type Section,
  type SectionType,
  type TestDefinition,
  type TestDetails,
  type TestStatus,
  type TestSummary,
} from '@assay/domain';
import type { Database, SectionRow, TestRow } from './database.js';

const sectionTypeOf = (type: 'general' | 'coding'): SectionType =>
  type === 'coding' ? 'Coding Questions' : 'General Questions';

export const toTestSummary = (row: TestRow): TestSummary => ({
  testId: row.id,
  testName: row.name,
  accessKey: row.access_key,
  duration: row.duration,
  questions: row.question_count,
  testStatus: row.status as TestStatus,
});

export const toSection = (row: SectionRow): Section => ({
  sectionName: row.name,
  sectionType: row.section_type as SectionType,
  questions: row.question_count,
  duration: row.duration,
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

      const sections: SectionRow[] = [];
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
        sections.push(row);
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

  sections(testId: number): Promise<SectionRow[]> {
    return this.db.selectFrom('sections').selectAll().where('test_id', '=', testId).orderBy('position').execute();
  }

  async details(orgId: number, testId: number): Promise<TestDetails | undefined> {
    const test = await this.find(orgId, testId);
    if (!test) return undefined;
    const sections = await this.sections(test.id);
    return { ...toTestSummary(test), sections: sections.map(toSection) };
  }
}
