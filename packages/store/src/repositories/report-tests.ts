import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import type { Database } from '../database.js';

/** What a report shows of its test: its own columns and its sections in order. */
export interface ReportTest {
  testName: string;
  duration: number;
  questions: number;
  totalMarks: number;
  sections: ReadonlyArray<{ id: number; name: string; totalMarks: number }>;
}

const testColumns = compileOnce((db: Kysely<Database>) =>
  db
    .selectFrom('tests')
    .select(['name as testName', 'duration', 'question_count as questions', 'total_marks as totalMarks'])
    .where('id', '=', parameter<number>('testId')),
);

const sectionsOfTest = compileOnce((db: Kysely<Database>) =>
  db.selectFrom('sections').select(['id', 'name', 'total_marks as totalMarks']).where('test_id', '=', parameter<number>('testId')).orderBy('position'),
);

/**
 * The test side of the report routes, read once per store: tests and their sections never change once imported
 * (no route updates or deletes one) and ids are never reused, so what one instance read stays true on every
 * instance. A report then reads only the invitation's own rows, not the same test row and section rows joined
 * again on every request. Only the summary columns are kept, never a definition. The caller asks only for the
 * test an invitation it has read points at (of the right org), so the test exists.
 */
export class ReportTests {
  private readonly kept = new LRUCache<number, ReportTest>({ max: 1000 });

  async of(db: Kysely<Database>, testId: number): Promise<ReportTest> {
    const hit = this.kept.get(testId);
    if (hit) return hit;
    const [[test], sections] = await Promise.all([testColumns(db, { testId }), sectionsOfTest(db, { testId })]);
    if (!test) throw new Error(`no test ${testId}`);
    const kept: ReportTest = Object.freeze({ ...test, sections: Object.freeze(sections) });
    this.kept.set(testId, kept);
    return kept;
  }
}
