import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateSession, ReportDetails, SampleRun } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/**
 * The stdio and sql forms end to end through the API (issue 49): import, the candidate's view, a sample run, scoring.
 * They run on the real sandbox's C runner (in its jail) and SQLite engine: this suite needs the sandbox of issue 49's
 * seam, C and SQL work merged (before that, the import answers 400.30: no process here runs C or SQL).
 */
const formsTest = {
  testName: 'Forms',
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 60,
      questions: [
        {
          type: 'coding',
          form: 'stdio',
          text: 'Read n and k, then n numbers; print the k largest, largest first.',
          marks: 2,
          languages: ['c'],
          sampleTests: [{ input: '4 2\n5 1 9 3\n', output: '9 5\n' }],
          hiddenTests: [
            { input: '3 1\n1 2 3\n', output: '3\n' },
            { input: '2 2\n7 8\n', output: '8 7\n' },
          ],
        },
        {
          type: 'coding',
          form: 'sql',
          text: 'Each customer with the total of their orders.',
          marks: 2,
          languages: ['sqlite'],
          sql: { schema: 'CREATE TABLE orders (name TEXT, amount INTEGER);' },
          sampleTests: [{ seed: "INSERT INTO orders VALUES ('ann', 1), ('ann', 2);", columns: ['name', 'total'], rows: [['ann', 3]] }],
          hiddenTests: [
            { seed: "INSERT INTO orders VALUES ('bob', 5);", columns: ['name', 'total'], rows: [['bob', 5]] },
            {
              seed: "INSERT INTO orders VALUES ('cy', 1), ('di', 2);",
              columns: ['name', 'total'],
              rows: [
                ['cy', 1],
                ['di', 2],
              ],
            },
          ],
        },
      ],
    },
  ],
};

const C_TOP_K = `#include <stdio.h>
#include <stdlib.h>
static int desc(const void *a, const void *b) { return *(const int *)b - *(const int *)a; }
int main(void) {
  int n, k, v[100];
  if (scanf("%d %d", &n, &k) != 2) return 1;
  for (int i = 0; i < n; i++) scanf("%d", &v[i]);
  qsort(v, n, sizeof v[0], desc);
  for (int i = 0; i < k; i++) printf(i ? " %d" : "%d", v[i]);
  printf("\\n");
  return 0;
}
`;
const TOTALS = 'SELECT name, SUM(amount) AS total FROM orders GROUP BY name';
/** Prints its answer and a note to standard error: the two streams must reach the page apart. */
const C_ECHO_NOTE =
  '#include <stdio.h>\nint main(void) {\n  int n;\n  scanf("%d", &n);\n  fprintf(stderr, "read %d\\n", n);\n  printf("%d\\n", n * 2);\n  return 0;\n}\n';
/** Two mistakes on lines 3 and 4: the compiler names both. */
const C_TWO_SLIPS = '#include <stdio.h>\nint main(void) {\n  int n = undeclared_one;\n  printf("%d", n + undeclared_two);\n  return 0;\n}\n';

/**
 * A run started and followed to its end: `?wait` answers at each change the page shows (its place, its phase —
 * preparing a compiler, compiling, running: decision 1045), so the run is asked again past the version it had.
 */
const settledRunOf =
  (h: Harness) =>
  async (token: string, body: Record<string, unknown>): Promise<SampleRun> => {
    let run = expectSuccess<SampleRun>(await h.request({ method: 'POST', url: `/candidate/v1/${token}/runs?wait=20000`, body, apiKey: null }));
    while (run.state === 'queued' || run.state === 'running') {
      run = expectSuccess<SampleRun>(
        await h.request({ method: 'GET', url: `/candidate/v1/${token}/runs/${run.runId}?wait=20000&since=${run.version}`, apiKey: null }),
      );
    }
    return run;
  };

describe.each(backends)('stdio and sql questions through the API on %s', (backend) => {
  let h: Harness;
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(formsTest);
  });
  afterAll(() => h.close());

  it('shows the candidate each form with its samples and starter code', async () => {
    const { token } = await registerFor(h, testId, 'view@example.com');
    const session: CandidateSession = await candidate(h, token).client.start();
    const [stdio, sql] = session.test.sections[0]!.questions!;
    expect(stdio).toMatchObject({ form: 'stdio', languages: ['c'], functionName: '', sampleTests: [{ args: ['4 2\n5 1 9 3\n'], expected: '9 5\n' }] });
    expect(sql).toMatchObject({
      form: 'sql',
      languages: ['sqlite'],
      sql: { schema: 'CREATE TABLE orders (name TEXT, amount INTEGER);', ordered: false, checkColumnNames: true },
      sampleTests: [{ args: ["INSERT INTO orders VALUES ('ann', 1), ('ann', 2);"], expected: { columns: ['name', 'total'], rows: [['ann', 3]] } }],
    });
  });

  it("answers a custom stdin's output and its standard error apart, every compile error, and refuses input of the wrong form", async () => {
    const { token } = await registerFor(h, testId, 'streams@example.com');
    const api = candidate(h, token);
    const [stdio, sql] = questionIdsOf(await api.client.start());
    const start = (body: Record<string, unknown>) => settledRunOf(h)(token, body);
    // The printed answer is the program's output; its standard error is apart (decision 1101).
    const echoed = await start({ questionId: stdio, code: C_ECHO_NOTE, customInput: '21\n' });
    expect(echoed).toMatchObject({ state: 'done', custom: { args: ['21\n'], actual: '42\n', output: 'read 21\n' } });
    // Every compile error, each with its line; every case answers the first (decision 1104).
    const slips = await start({ questionId: stdio, code: C_TWO_SLIPS });
    expect(slips.state === 'done' && slips.compileErrors?.map((error) => error.line)).toEqual([3, 4]);
    expect(slips).toMatchObject({ results: [{ passed: false, errorLocation: { line: 3 } }] });
    expect(slips.state === 'done' && slips.compileErrors?.[1]?.message).toMatch(/undeclared_two/);
    // Input of the wrong form is refused in words, never run (decision 689).
    for (const [questionId, body, words] of [
      [stdio, { customArgs: [1] }, /customInput/],
      [sql, { customInput: 'x' }, /no custom input/],
    ] as const) {
      const refused = await h.request({ method: 'POST', url: `/candidate/v1/${token}/runs`, body: { questionId, code: TOTALS, ...body }, apiKey: null });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ statuscode: '400.2', result: expect.stringMatching(words) });
    }
  });

  it('runs the samples of each form, a custom stdin, and scores full marks', async () => {
    const { token, invitationId } = await registerFor(h, testId, 'forms@example.com');
    const api = candidate(h, token);
    const [stdio, sql] = questionIdsOf(await api.client.start());
    const start = (body: Record<string, unknown>) => settledRunOf(h)(token, body);
    expect(await start({ questionId: stdio, code: C_TOP_K })).toMatchObject({ state: 'done', results: [{ passed: true }] });
    expect(await start({ questionId: stdio, code: C_TOP_K, customInput: '3 3\n1 3 2\n' })).toMatchObject({
      state: 'done',
      custom: { args: ['3 3\n1 3 2\n'], actual: '3 2 1\n' },
    });
    expect(await start({ questionId: sql, code: TOTALS })).toMatchObject({ state: 'done', results: [{ passed: true }] });

    expectSuccess(await api.answer(stdio!, { code: C_TOP_K, language: 'c' }));
    expectSuccess(await api.answer(sql!, { code: TOTALS, language: 'sqlite' }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.score).toMatchObject({ score: 4, percent: 100 });
  });
});
