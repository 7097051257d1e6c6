import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { QuestionRecord, TestRecord } from '@assay/domain';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import type { Database } from '../database.js';
import { toQuestionRecord, toTestRecord } from './records.js';

const testRowById = compileOnce((db: Kysely<Database>) => db.selectFrom('tests').selectAll().where('id', '=', parameter<number>('testId')));

const questionRowsOfTest = compileOnce((db: Kysely<Database>) =>
  db
    .selectFrom('questions')
    .innerJoin('sections', 'sections.id', 'questions.section_id')
    .selectAll('questions')
    .where('questions.test_id', '=', parameter<number>('testId'))
    .orderBy('sections.position')
    .orderBy('questions.position'),
);

/** What a test's questions hold in memory, roughly: their stored JSON's length (a coding question's hidden tests dominate). */
const QUESTIONS_KEPT_CHARS = 64 * 2 ** 20;

/**
 * The test of an attempt, by id, read and parsed once per store: every candidate request (an answer saved, an
 * event) needs its description and report settings, which live in the definition, and a definition is kilobytes
 * of JSON to read and parse. Tests never change once imported (no route updates or deletes one), so a record
 * read once is true on every instance and in every transaction. Ids are never reused (autoincrement, sequences).
 * The caller asks only for a test an invitation it has read points at, so the test exists.
 */
export class TestRecords {
  private readonly kept = new LRUCache<number, Readonly<TestRecord>>({ max: 1000 });
  private readonly questionsKept = new LRUCache<number, readonly QuestionRecord[]>({ maxSize: QUESTIONS_KEPT_CHARS });

  async of(db: Kysely<Database>, testId: number): Promise<TestRecord> {
    const hit = this.kept.get(testId);
    if (hit) return hit;
    const [row] = await testRowById(db, { testId });
    if (!row) throw new Error(`no test ${testId}`);
    const record = Object.freeze(toTestRecord(row));
    this.kept.set(testId, record);
    return record;
  }

  /**
   * The test's questions in the order the candidate sees them, read and parsed once per store for the same reason:
   * every answer saved looks its question up, and a session or a score needs all of them — parsing 24 stored
   * questions on each save was a fifth of a campus drive's CPU. Frozen, because every request shares them.
   */
  async questions(db: Kysely<Database>, testId: number): Promise<readonly QuestionRecord[]> {
    const hit = this.questionsKept.get(testId);
    if (hit) return hit;
    const rows = await questionRowsOfTest(db, { testId });
    const questions = Object.freeze(rows.map((row) => Object.freeze(toQuestionRecord(row))));
    const chars = rows.reduce((sum, row) => sum + row.body.length, 1);
    // A test larger than the whole budget is answered but not kept.
    if (chars <= QUESTIONS_KEPT_CHARS) this.questionsKept.set(testId, questions, { size: chars });
    return questions;
  }
}
