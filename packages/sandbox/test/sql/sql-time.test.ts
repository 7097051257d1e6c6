import { afterAll, describe, expect, it } from 'vitest';
import { NOT_RUN_TIME_LIMIT, Sandbox, TIME_LIMIT_EXCEEDED } from '../../src/index.js';
import type { SqlRunRequest } from '../../src/run-request.js';

/**
 * A run's time is its queries' (decision 1084), on PostgreSQL where a loaded host makes the question's own DDL and an
 * engine's start slow: a partial answer keeps the marks of the cases it passes, in the scoring lane's budget of
 * timeouts and in a candidate run where an earlier case timed out (the engine replaced mid-run).
 */
const schema = 'CREATE TABLE scores (name TEXT NOT NULL, points INTEGER NOT NULL);';
const seeds = ["('ann', 3), ('bob', 5), ('ann', 4)", "('cy', 1)", "('di', 2), ('di', -2)"];
const expected = [
  [
    ['ann', 7],
    ['bob', 5],
  ],
  [['cy', 1]],
  [['di', 0]],
];
/** Right on the first two cases, wrong on the third (a total of 0 is left out): 2 of 3. */
const PARTIAL = 'SELECT name, SUM(points) AS total FROM scores GROUP BY name HAVING SUM(points) > 0';

const request = (code: string, seedPrefix: (index: number) => string): SqlRunRequest => ({
  form: 'sql',
  language: 'postgresql',
  code,
  schema,
  cases: seeds.map((values, index) => ({
    seed: `${seedPrefix(index)}INSERT INTO scores VALUES ${values};`,
    expected: { columns: ['name', 'total'], rows: expected[index] ?? [] },
  })),
  ordered: false,
  checkColumnNames: true,
});

describe('PostgreSQL: the run’s time is the candidate’s queries', () => {
  const sandbox = new Sandbox({ workers: 1, sqlWorkers: 1, limits: { cpuMsPerCase: 1000 } });
  afterAll(() => sandbox.close());

  it('a question whose seed takes longer than a case’s time does not time the candidate out (scoring: 2 of 3)', { timeout: 240_000 }, async () => {
    const slowSeed = request(PARTIAL, () => 'SELECT pg_sleep(1.3);\n');
    const outcome = await sandbox.run(slowSeed, { lane: 'scoring', stopAfterTimeouts: 1 });
    expect(
      outcome.results.map((result) => result.passed),
      JSON.stringify(outcome.results),
    ).toEqual([true, true, false]);
  });

  it('cases after a timed-out one keep their rows, however long the replacement engine takes to start', { timeout: 240_000 }, async () => {
    // Cases 1 and 2 sleep past their time (each replaces the engine); 3 and 4 run on the replacement.
    const code = "SELECT name, SUM(points) AS total FROM scores WHERE name <> 'slow' OR pg_sleep(5) IS NOT NULL GROUP BY name";
    const base = request(code, () => '');
    const slow = { seed: "INSERT INTO scores VALUES ('slow', 1);", expected: { columns: ['name', 'total'], rows: [] } };
    const [first, second] = base.cases;
    const run = { ...base, cases: [slow, slow, first!, second!] };
    const tight = new Sandbox({ workers: 1, sqlWorkers: 1, limits: { cpuMsPerCase: 500, wallClockMs: 1800 } });
    try {
      const outcome = await tight.run(run);
      expect(outcome.results.map((result) => result.error ?? result.passed)).toEqual([TIME_LIMIT_EXCEEDED, TIME_LIMIT_EXCEEDED, true, true]);
    } finally {
      await tight.close();
    }
  });

  it('past the scoring budget of timeouts the rest are not run, and said so', { timeout: 240_000 }, async () => {
    const code = "SELECT name, SUM(points) AS total FROM scores WHERE name <> 'slow' OR pg_sleep(5) IS NOT NULL GROUP BY name";
    const base = request(code, (index) => (index === 1 ? "INSERT INTO scores VALUES ('slow', 1);\n" : ''));
    const outcome = await sandbox.run(base, { lane: 'scoring', stopAfterTimeouts: 1 });
    expect(outcome.results.map((result) => result.error ?? result.passed)).toEqual([true, TIME_LIMIT_EXCEEDED, NOT_RUN_TIME_LIMIT]);
  });
});
