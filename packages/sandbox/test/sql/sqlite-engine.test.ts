import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SqlEngine } from '../../src/sql/sql-engine.js';
import { createSqlEngine } from '../../src/sql/sql-engines.js';
import { LIMITS, never, sqlRequest } from './sql-fixture.js';

describe('SQLite (sql.js)', () => {
  let engine: SqlEngine;
  beforeAll(async () => {
    engine = createSqlEngine('sqlite');
    await engine.warm?.();
  }, 60_000);
  afterAll(() => engine.close());

  const run = async (code: string, limits = LIMITS) => (await engine.execute(sqlRequest('sqlite', code), limits, never()))[0];

  test("a syntax error gives SQLite's message (SQLite gives no position)", async () => {
    expect(await run('SELECT name FROM employees WHERE')).toEqual({ kind: 'error', message: 'incomplete input' });
    expect(await run('SELEC name FROM employees')).toEqual({
      kind: 'error',
      message: 'Only a query runs here: start with SELECT, WITH or VALUES (or INSERT, UPDATE, DELETE … RETURNING), not SELEC.',
    });
    expect(await run('SELECT name FROM staff')).toEqual({ kind: 'error', message: 'no such table: staff' });
  });

  test('ATTACH and PRAGMA are refused', async () => {
    expect(await run("ATTACH DATABASE '/etc/passwd' AS host")).toMatchObject({ kind: 'error', message: expect.stringMatching(/not ATTACH/) });
    expect(await run('PRAGMA hard_heap_limit = 0')).toMatchObject({ kind: 'error', message: expect.stringMatching(/not PRAGMA/) });
  });

  test('a memory bomb ends as MEMORY, and the next run is served', async () => {
    const bomb = 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 100000) SELECT length(group_concat(hex(zeroblob(1000)))) FROM r';
    expect(await run(bomb, { ...LIMITS, memoryBytes: 8 * 1024 * 1024 })).toEqual({ kind: 'memory' });
    expect(await run('SELECT count(*) AS n FROM employees')).toEqual({ kind: 'rows', rows: { columns: ['n'], rows: [[4]] } });
  });

  test('semicolons inside strings, quoted names and comments do not split the statement', async () => {
    expect(await run(`SELECT 'a;b' AS "x;y" -- trailing; comment\n/* ; */ ;`)).toEqual({ kind: 'rows', rows: { columns: ['x;y'], rows: [['a;b']] } });
  });
});
