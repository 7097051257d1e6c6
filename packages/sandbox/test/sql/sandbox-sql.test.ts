import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import type { SqlRunRequest } from '../../src/run-request.js';

/** The seam and the engines together: an SQL question answered through a real Sandbox, in both dialects. */
const schema = 'CREATE TABLE scores (name TEXT NOT NULL, points INTEGER NOT NULL);';
const cases: SqlRunRequest['cases'] = [
  {
    seed: "INSERT INTO scores VALUES ('ann', 3), ('bob', 5), ('ann', 4);",
    expected: {
      columns: ['name', 'total'],
      rows: [
        ['ann', 7],
        ['bob', 5],
      ],
    },
  },
  { seed: "INSERT INTO scores VALUES ('cy', 1);", expected: { columns: ['name', 'total'], rows: [['cy', 1]] } },
];
const request = (language: SqlRunRequest['language'], code: string): SqlRunRequest => ({
  form: 'sql',
  language,
  code,
  schema,
  cases,
  ordered: false,
  checkColumnNames: true,
});

describe('SQL through the Sandbox', () => {
  const sandbox = new Sandbox({ workers: 1 });
  afterAll(() => sandbox.close());

  for (const language of ['sqlite', 'postgresql'] as const) {
    it(`${language}: a right query passes every case, a wrong one fails with its rows shown`, { timeout: 120_000 }, async () => {
      const right = await sandbox.run(request(language, 'SELECT name, SUM(points) AS total FROM scores GROUP BY name'));
      expect(right.results.map((result) => result.passed)).toEqual([true, true]);
      const wrong = await sandbox.run(request(language, 'SELECT name, MAX(points) AS total FROM scores GROUP BY name'));
      expect(wrong.results.map((result) => result.passed)).toEqual([false, true]);
      expect(wrong.results[0]?.actual).toMatchObject({ columns: ['name', 'total'] });
      const broken = await sandbox.run(request(language, 'SELECT name, SUM(points AS total FROM scores'));
      expect(broken.results.every((result) => !result.passed && typeof result.error === 'string')).toBe(true);
    });
  }
});
