import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SqlEngine } from '../../src/sql/sql-engine.js';
import { createSqlEngine } from '../../src/sql/sql-engines.js';
import { LIMITS, never, sqlRequest } from './sql-fixture.js';

// PGlite starts a whole PostgreSQL: seconds, and more on a loaded machine.
const START_MS = 120_000;

describe('PostgreSQL (PGlite)', () => {
  let engine: SqlEngine;
  beforeAll(async () => {
    engine = createSqlEngine('postgresql');
    await engine.warm?.();
  }, START_MS);
  afterAll(() => engine.close());

  const run = async (code: string, limits = LIMITS) => (await engine.execute(sqlRequest('postgresql', code), limits, never()))[0];

  test("a syntax error points at the candidate's line and column", async () => {
    expect(await run('SELECT name,\n       salary\n  FROM employees\n WHERE salary >> 1 1')).toMatchObject({
      kind: 'error',
      message: 'syntax error at or near "1"',
      position: { line: 4, column: 20 },
    });
    expect(await run('SELECT name\n  FROM staff')).toMatchObject({ kind: 'error', position: { line: 2, column: 8 } });
  });

  test.each([
    ['reading a server file', "SELECT pg_read_file('/etc/passwd')", /permission denied/],
    ['listing a directory', "SELECT pg_ls_dir('/')", /permission denied/],
    ['importing a file as a large object', "SELECT lo_import('/etc/passwd')", /permission denied/],
    ['COPY from a file', "COPY employees FROM '/etc/passwd'", /Only a query runs here.*not COPY/],
    ['COPY to a program', "COPY (SELECT 1) TO PROGRAM 'id'", /not COPY/],
    ['loading dblink', 'CREATE EXTENSION dblink', /not CREATE/],
    ['switching back to the superuser', "SELECT set_config('role', 'postgres', false)", /permission denied for function set_config/],
    ["seeding the next run's random()", 'SELECT setseed(0.5)', /permission denied for function setseed/],
    [
      'switching role inside a nested query',
      "SELECT query_to_xml('SELECT set_config(''role'', ''none'', true), pg_read_file(''/etc/passwd'')', true, false, '')",
      /permission denied/,
    ],
  ])('%s is refused', async (_name, code, message) => {
    expect(await run(code)).toMatchObject({ kind: 'error', message: expect.stringMatching(message) });
  });

  test('the query runs as an unprivileged role', async () => {
    expect(await run('SELECT current_user AS who, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS super')).toEqual({
      kind: 'rows',
      rows: { columns: ['who', 'super'], rows: [['assay_candidate', false]] },
    });
  });

  test(
    'pg_sleep past the time limit ends as TIME, and the replacement engine is pristine',
    async () => {
      expect(await run('SELECT pg_sleep(30)', { ...LIMITS, msPerCase: 1_000 })).toEqual({ kind: 'time' });
      expect(await run('SELECT count(*) AS n FROM employees')).toEqual({ kind: 'rows', rows: { columns: ['n'], rows: [[4]] } });
    },
    START_MS,
  );

  test(
    'what outlives a rollback (a session advisory lock) gets the instance replaced before the next run',
    async () => {
      expect(await run('SELECT pg_advisory_lock(42) IS NULL AS locked')).toMatchObject({ kind: 'rows' });
      expect(await run("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory'")).toEqual({ kind: 'rows', rows: { columns: ['n'], rows: [[0]] } });
    },
    START_MS,
  );

  test.each([
    ['ends the transaction', `INSERT INTO employees VALUES (7, 'Kept', 'eng', 1); COMMIT;`],
    ['resets the role', `RESET ROLE;`],
  ])(
    'a seed that %s is refused, and nothing of it reaches the next run',
    async (_name, seed) => {
      const [outcome] = await engine.execute(sqlRequest('postgresql', 'SELECT current_user', [seed]), LIMITS, never());
      expect(outcome).toMatchObject({ kind: 'error', message: expect.stringMatching(/question's seed failed.*must not end the transaction/) });
      expect(await run("SELECT count(*) AS n, count(*) FILTER (WHERE name = 'Kept') AS kept FROM employees")).toEqual({
        kind: 'rows',
        rows: { columns: ['n', 'kept'], rows: [[4, 0]] },
      });
    },
    START_MS,
  );

  test('PostgreSQL types become JSON scalars: bigint and numeric as numbers, booleans, dates as text', async () => {
    expect(
      await run("SELECT 2::bigint AS b, 1.10::numeric(5,2) AS n, true AS t, DATE '2024-01-31' AS d, 9007199254740993::bigint AS huge, 'NaN'::float8 AS nan"),
    ).toEqual({
      kind: 'rows',
      rows: { columns: ['b', 'n', 't', 'd', 'huge', 'nan'], rows: [[2, 1.1, true, '2024-01-31', '9007199254740993', 'NaN']] },
    });
  });
});
