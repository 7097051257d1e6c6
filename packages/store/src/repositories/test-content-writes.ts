import type { Transaction } from 'kysely';
import { questionsAskedOf, sectionMaxScoreOf, testDurationOf, testMaxScoreOf, type SectionRecord, type SectionType, type TestDefinition } from '@assay/domain';
import type { Database, TestRow } from '../database.js';
import { toSectionRecord } from './records.js';

const sectionTypeOf = (type: 'general' | 'coding'): SectionType => (type === 'coding' ? 'Coding Questions' : 'General Questions');

/** Where a test's row sits: a first row's place in its org's list and identity, or a later version's. */
export interface TestRowPlace {
  readonly orgId: number;
  readonly accessKey: string;
  readonly orgPosition: number;
  readonly lineageId?: number;
  readonly version?: number;
  /** Why Assay made this version (a retirement at a pool's cap); absent for its author's. */
  readonly versionNote?: string;
}

/**
 * Writes one test row with its sections and questions, as an import or a new version does (issue 62 item 4): the
 * definition as parsed (defaults filled in), so the same file sent again is found whatever its spacing.
 */
export const insertTestContent = async (
  trx: Transaction<Database>,
  place: TestRowPlace,
  definition: TestDefinition,
  now: number,
): Promise<{ test: TestRow; sections: SectionRecord[] }> => {
  const test = await trx
    .insertInto('tests')
    .values({
      org_id: place.orgId,
      name: definition.testName,
      access_key: place.accessKey,
      duration: testDurationOf(definition),
      question_count: definition.sections.reduce((total, section) => total + questionsAskedOf(section), 0),
      total_marks: testMaxScoreOf(definition),
      status: definition.testStatus,
      definition: JSON.stringify(definition),
      created_at: now,
      org_position: place.orgPosition,
      lineage_id: place.lineageId ?? null,
      ...(place.version === undefined ? {} : { version: place.version }),
      version_note: place.versionNote ?? null,
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
        exposure_cap: section.exposureCap ?? null,
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
  return { test, sections };
};
