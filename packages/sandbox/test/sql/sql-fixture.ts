import type { SqlCase, SqlRunRequest } from '../../src/run-request.js';
import type { SqlLimits } from '../../src/sql/sql-engine.js';

export const LIMITS: SqlLimits = { msPerCase: 3_000, memoryBytes: 64 * 1024 * 1024, maxOutputBytes: 64 * 1024 };

export const SCHEMA = `CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT NOT NULL, dept TEXT, salary INTEGER);`;

export const SEED = `INSERT INTO employees VALUES (1, 'Ann', 'eng', 120), (2, 'Bob', 'eng', 100), (3, 'Cy', 'ops', 90), (4, 'Di', NULL, 80);`;

const noExpectation = { columns: [], rows: [] };

/** A request on the employees table; `seeds` gives one case per seed. */
export function sqlRequest(language: SqlRunRequest['language'], code: string, seeds: string[] = [SEED]): SqlRunRequest {
  const cases: SqlCase[] = seeds.map((seed) => ({ seed, expected: noExpectation }));
  return { form: 'sql', language, code, schema: SCHEMA, cases, ordered: false, checkColumnNames: false };
}

export const never = (): AbortSignal => new AbortController().signal;
