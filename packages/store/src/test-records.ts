import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { TestRecord } from '@assay/domain';
import { compileOnce, parameter } from './compiled-query.js';
import type { Database } from './database.js';
import { toTestRecord } from './records.js';

const testRowById = compileOnce((db: Kysely<Database>) => db.selectFrom('tests').selectAll().where('id', '=', parameter<number>('testId')));

/**
 * The test of an attempt, by id, read and parsed once per store: every candidate request (an answer saved, an
 * event) needs its description and report settings, which live in the definition, and a definition is kilobytes
 * of JSON to read and parse. Tests never change once imported (no route updates or deletes one), so a record
 * read once is true on every instance and in every transaction. Ids are never reused (autoincrement, sequences).
 * The caller asks only for a test an invitation it has read points at, so the test exists.
 */
export class TestRecords {
  private readonly kept = new LRUCache<number, Readonly<TestRecord>>({ max: 1000 });

  async of(db: Kysely<Database>, testId: number): Promise<TestRecord> {
    const hit = this.kept.get(testId);
    if (hit) return hit;
    const [row] = await testRowById(db, { testId });
    if (!row) throw new Error(`no test ${testId}`);
    const record = Object.freeze(toTestRecord(row));
    this.kept.set(testId, record);
    return record;
  }
}
