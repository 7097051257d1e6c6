import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sameRows } from '../../src/sql/compare-rows.js';
import type { SqlEngine } from '../../src/sql/sql-engine.js';
import { createSqlEngine } from '../../src/sql/sql-engines.js';
import { LIMITS, never, SEED, sqlRequest } from './sql-fixture.js';

// PGlite starts a whole PostgreSQL (seconds, more on a loaded machine): one engine per dialect for the file.
const START_MS = 120_000;

describe.each(['sqlite', 'postgresql'] as const)('%s', (dialect) => {
  let engine: SqlEngine;
  beforeAll(async () => {
    engine = createSqlEngine(dialect);
    await engine.warm?.();
  }, START_MS);
  afterAll(() => engine.close());

  const run = (code: string, seeds?: string[], limits = LIMITS) => engine.execute(sqlRequest(dialect, code, seeds), limits, never());

  test('a correct query returns the rows, judged ordered or not and with or without column names', async () => {
    const [outcome] = await run(`SELECT name AS who, salary FROM employees WHERE dept = 'eng' ORDER BY salary`);
    expect(outcome).toEqual({
      kind: 'rows',
      rows: {
        columns: ['who', 'salary'],
        rows: [
          ['Bob', 100],
          ['Ann', 120],
        ],
      },
    });
    const rows = outcome?.kind === 'rows' ? outcome.rows : { columns: [], rows: [] };
    const expected = {
      columns: ['WHO', 'salary'],
      rows: [
        ['Ann', 120],
        ['Bob', 100],
      ],
    };
    expect(sameRows(rows, expected, { ordered: false, checkColumnNames: true })).toBe(true);
    expect(sameRows(rows, expected, { ordered: true, checkColumnNames: true })).toBe(false);
    expect(sameRows(rows, { ...expected, columns: ['name', 'pay'] }, { ordered: false, checkColumnNames: true })).toBe(false);
    expect(sameRows(rows, { ...expected, columns: ['name', 'pay'] }, { ordered: false, checkColumnNames: false })).toBe(true);
  });

  test('a wrong query returns rows that do not match', async () => {
    const [outcome] = await run(`SELECT name, salary FROM employees WHERE dept <> 'eng'`);
    expect(outcome?.kind).toBe('rows');
    const rows = outcome?.kind === 'rows' ? outcome.rows : { columns: [], rows: [] };
    // Di's NULL department is neither 'eng' nor not: a classic wrong answer.
    expect(rows.rows).toEqual([['Cy', 90]]);
    expect(
      sameRows(
        rows,
        {
          columns: ['name', 'salary'],
          rows: [
            ['Cy', 90],
            ['Di', 80],
          ],
        },
        { ordered: false, checkColumnNames: true },
      ),
    ).toBe(false);
  });

  test('aggregates, NULL and numbers come back as JSON scalars', async () => {
    const [outcome] = await run(
      `SELECT count(*) AS n, avg(salary) AS mean, max(dept) AS top, min(CASE WHEN dept IS NULL THEN NULL END) AS blank FROM employees`,
    );
    expect(outcome).toEqual({ kind: 'rows', rows: { columns: ['n', 'mean', 'top', 'blank'], rows: [[4, 97.5, 'ops', null]] } });
  });

  test('each case runs on its own pristine database: a seed is seen by its case only', async () => {
    const outcomes = await run('SELECT count(*) AS n FROM employees', [SEED, '', `INSERT INTO employees VALUES (9, 'Zed', 'eng', 1);`]);
    expect(outcomes.map((outcome) => (outcome.kind === 'rows' ? outcome.rows.rows : outcome))).toEqual([[[4]], [[0]], [[1]]]);
  });

  test('a data change is judged by its RETURNING rows and never reaches the next run', async () => {
    const [inserted] = await run(`INSERT INTO employees VALUES (5, 'Eve', 'ops', 70) RETURNING id, name`);
    expect(inserted).toEqual({ kind: 'rows', rows: { columns: ['id', 'name'], rows: [[5, 'Eve']] } });
    const [deleted] = await run('DELETE FROM employees RETURNING id');
    expect(deleted?.kind === 'rows' && deleted.rows.rows.length).toBe(4);
    const [after] = await run('SELECT count(*) FROM employees');
    expect(after?.kind === 'rows' && after.rows.rows).toEqual([[4]]);
  });

  test.each([
    ['a second statement', 'SELECT 1; DROP TABLE employees', /one statement only/],
    ['transaction control', 'COMMIT', /Only a query runs here.*not COMMIT/],
    ['DDL', 'DROP TABLE employees', /not DROP/],
    ['DDL hidden behind a comment', '/* SELECT */ CREATE TABLE leak (x int)', /not CREATE/],
    ['SET', "SET search_path = 'x'", /not SET/],
    ['an empty query', '-- nothing\n;', /empty/],
  ])('%s is refused with a clear message, and the next run is pristine', async (_name, code, message) => {
    const [refused] = await run(code);
    expect(refused).toMatchObject({ kind: 'error', message: expect.stringMatching(message) });
    const [after] = await run(`SELECT count(*) FROM employees`);
    expect(after?.kind === 'rows' && after.rows.rows).toEqual([[4]]);
  });

  test(
    'a query that never ends is stopped at the time limit, and the engine serves the next run',
    async () => {
      const endless = 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r';
      const outcomes = await run(endless, [SEED], { ...LIMITS, msPerCase: 1_000 });
      expect(outcomes).toEqual([{ kind: 'time' }]);
      const [after] = await run('SELECT name FROM employees WHERE id = 1');
      expect(after).toEqual({ kind: 'rows', rows: { columns: ['name'], rows: [['Ann']] } });
    },
    START_MS,
  );

  test('a result past the output limit ends as OUTPUT', async () => {
    const big = 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 20000) SELECT x, x AS y FROM r';
    expect(await run(big, [SEED], { ...LIMITS, maxOutputBytes: 10_000 })).toEqual([{ kind: 'output' }]);
  });

  test('concurrent runs do not see each other', async () => {
    const names = ['p', 'q', 'r', 's', 't', 'u'];
    const seed = (name: string) => `INSERT INTO employees VALUES (1, '${name}', 'eng', 1);`;
    const reads = names.map((name) =>
      engine.execute(sqlRequest(dialect, 'SELECT max(name) AS name, count(*) AS n FROM employees', [seed(name)]), LIMITS, never()),
    );
    const writes = names.map((name) =>
      engine.execute(sqlRequest(dialect, `INSERT INTO employees VALUES (2, 'w${name}', 'ops', 2) RETURNING id`, [seed(name)]), LIMITS, never()),
    );
    const [readResults] = await Promise.all([Promise.all(reads), Promise.all(writes)]);
    // Each read saw its own seed row only: neither the other seeds nor the other runs' inserts.
    expect(readResults.map(([outcome]) => (outcome?.kind === 'rows' ? outcome.rows.rows : outcome))).toEqual(names.map((name) => [[name, 1]]));
  });
});
