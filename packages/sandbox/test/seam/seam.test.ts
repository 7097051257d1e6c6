import { afterEach, describe, expect, it } from 'vitest';
import { NOT_RUN_TIME_LIMIT, Sandbox, TIME_LIMIT_EXCEEDED } from '../../src/index.js';
import type { RunRequest } from '../../src/index.js';
import type { SandboxInternals } from '../../src/sandbox.js';
import { waitFor } from '../helpers.js';
import { fakeSqlEngine, JAIL_OK, recordingJail, withModule } from './fakes.js';

const SIGNATURE = { params: [{ name: 'a', type: 'int' as const }], returns: 'int' as const };
const JAVA_FUNCTION: RunRequest = {
  language: 'java',
  code: 'class Solution {}',
  functionName: 'twice',
  signature: SIGNATURE,
  cases: [
    { args: [1], expected: 2 },
    { args: [2], expected: 4 },
  ],
};

let sandboxes: Sandbox[] = [];
function sandboxWith(internals: SandboxInternals): Sandbox {
  const sandbox = new Sandbox({ workers: 1, nativeWorkers: 2, sqlWorkers: 1 }, { jailAvailability: JAIL_OK, ...internals });
  sandboxes.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  sandboxes = [];
});

describe('the runner seam', () => {
  it('runs a native language through its module in the native slot, every step jailed, judged on the host', async () => {
    const { calls, jail } = recordingJail();
    const { executed, languages } = withModule('java', () => ({
      kind: 'ran',
      cases: [
        { report: { kind: 'value', json: '2' }, log: 'hi\n', logCut: false },
        { report: { kind: 'value', json: '5' }, log: '', logCut: false },
      ],
    }));
    const sandbox = sandboxWith({ jail, nativeLanguages: languages });
    const outcome = await sandbox.run(JAVA_FUNCTION);
    expect(outcome.results).toEqual([
      { passed: true, actual: 2, output: 'hi\n' },
      { passed: false, actual: 5 },
    ]);
    expect(executed).toEqual([{ form: 'function', code: 'class Solution {}', functionName: 'twice', signature: SIGNATURE, argsJson: ['[1]', '[2]'] }]);
    // The expected values never reach the module (so never the jail).
    expect(JSON.stringify(executed)).not.toContain('expected');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.uid).toBeGreaterThanOrEqual(61_000);
  });

  it('never hands a WebAssembly run to the native slot, nor a native one to a worker', async () => {
    const { calls, jail } = recordingJail();
    const { executed, languages } = withModule('java', () => ({ kind: 'ran', cases: [] }));
    const sandbox = sandboxWith({ jail, nativeLanguages: languages });
    const js = await sandbox.run({ code: 'function twice(a) { return 2 * a; }', functionName: 'twice', cases: [{ args: [1], expected: 2 }] });
    expect(js.results).toMatchObject([{ passed: true, actual: 2 }]);
    expect(executed).toHaveLength(0);
    expect(calls).toHaveLength(0);
    // The worker puts its QuickJS instance back after the run: wait for that, then no worker counter may move.
    expect(await waitFor(() => sandbox.stats().javascriptResets + sandbox.stats().javascriptReplaced === 1, 5000)).toBe(true);
    const stats = sandbox.stats();
    const java = await sandbox.run(JAVA_FUNCTION);
    expect(executed).toHaveLength(1);
    expect(java.results.map((result) => result.error)).toEqual(['the sandbox lost this case', 'the sandbox lost this case']);
    expect(sandbox.stats()).toEqual(stats);
  });

  it('answers a compile error on every case at the candidate line, with the compiler output and every error once', async () => {
    const { jail } = recordingJail();
    const { languages } = withModule('java', () => ({
      kind: 'compileError',
      diagnostics: [{ message: "';' expected", line: 3, column: 14 }, { message: 'second' }],
      output: "Solution.java:3:14: error: ';' expected",
    }));
    const outcome = await sandboxWith({ jail, nativeLanguages: languages }).run(JAVA_FUNCTION);
    const error = { passed: false, error: "Compile error: ';' expected", errorLocation: { line: 3, column: 14 } };
    expect(outcome).toEqual({
      results: [error, error],
      compileOutput: "Solution.java:3:14: error: ';' expected",
      compileErrors: [{ message: "';' expected", line: 3, column: 14 }, { message: 'second' }],
    });
  });

  it('judges the stdio form by the stdio rule, the printed text as actual, a non-zero exit as a failure', async () => {
    const { jail } = recordingJail();
    const { executed, languages } = withModule('ruby', () => ({
      kind: 'ran',
      cases: [
        { report: { kind: 'stdout', text: '9 5  \n\n', exitCode: 0 }, log: '', logCut: false },
        { report: { kind: 'stdout', text: '4 4 1\n', exitCode: 0 }, log: 'warning\n', logCut: false },
        { report: { kind: 'stdout', text: '4 4 0\n', exitCode: 1 }, log: '', logCut: false },
      ],
    }));
    const outcome = await sandboxWith({ jail, nativeLanguages: languages }).run({
      form: 'stdio',
      language: 'ruby',
      code: 'puts 1',
      cases: [
        { input: '4 2\n5 1 9 3\n', expectedOutput: '9 5\n' },
        { input: '5 3\n-2 -8 0 4 4\n', expectedOutput: '4 4 0\n' },
        { input: '5 3\n-2 -8 0 4 4\n', expectedOutput: '4 4 0\n' },
      ],
    });
    expect(outcome.results).toEqual([
      { passed: true, actual: '9 5  \n\n' },
      { passed: false, actual: '4 4 1\n', output: 'warning\n' },
      { passed: false, actual: '4 4 0\n', error: 'The program exited with code 1' },
    ]);
    expect(executed[0]).toEqual({ form: 'stdio', code: 'puts 1', inputs: ['4 2\n5 1 9 3\n', '5 3\n-2 -8 0 4 4\n', '5 3\n-2 -8 0 4 4\n'] });
  });

  it('bounds a looping native answer by its budget of timeouts: the cases the kill cut off are not run', async () => {
    const { jail } = recordingJail();
    const time = { report: { kind: 'time' as const }, log: '', logCut: false };
    const { languages } = withModule('go', () => ({ kind: 'ran', cases: [{ report: { kind: 'value', json: '2' }, log: '', logCut: false }, time, time] }));
    const sandbox = sandboxWith({ jail, nativeLanguages: languages });
    const request: RunRequest = {
      ...JAVA_FUNCTION,
      language: 'go',
      cases: [...(JAVA_FUNCTION as { cases: { args: unknown[]; expected: unknown }[] }).cases, { args: [3], expected: 6 }],
    };
    const scored = await sandbox.run(request, { lane: 'scoring', stopAfterTimeouts: 1 });
    expect(scored.results.map((result) => result.error)).toEqual([undefined, TIME_LIMIT_EXCEEDED, NOT_RUN_TIME_LIMIT]);
    const sample = await sandbox.run(request);
    expect(sample.results.map((result) => result.error)).toEqual([undefined, TIME_LIMIT_EXCEEDED, TIME_LIMIT_EXCEEDED]);
  });

  it('runs SQL through its dialect engine and judges the rows on the host, actual = { columns, rows }', async () => {
    const rows = { columns: ['name'], rows: [['b'], ['a']] };
    const { requests, create } = fakeSqlEngine([
      { kind: 'rows', rows },
      { kind: 'rows', rows },
      { kind: 'error', message: 'no such column: nme', position: { line: 1, column: 8 } },
    ]);
    const sandbox = sandboxWith({ createSqlEngine: create });
    const expected = { columns: ['name'], rows: [['a'], ['b']] };
    const request: RunRequest = {
      form: 'sql',
      language: 'sqlite',
      code: 'SELECT name FROM t',
      schema: 'CREATE TABLE t (name TEXT)',
      cases: [
        { seed: "INSERT INTO t VALUES ('a'), ('b')", expected },
        { seed: "INSERT INTO t VALUES ('a'), ('b')", expected: { columns: ['name'], rows: [['a']] } },
        { seed: '', expected },
      ],
      ordered: false,
      checkColumnNames: true,
    };
    const outcome = await sandbox.run(request);
    expect(outcome.results).toEqual([
      { passed: true, actual: rows },
      { passed: false, actual: rows },
      { passed: false, error: 'no such column: nme', errorLocation: { line: 1, column: 8 } },
    ]);
    expect(requests).toEqual([request]);
    const ordered = await sandbox.run({ ...request, ordered: true, cases: [request.cases[0]!] } as RunRequest);
    expect(ordered.results).toEqual([{ passed: false, actual: rows }]);
  });

  it('bounds a looping query by the budget of timeouts: the cases after it are not run', async () => {
    const rows = { columns: ['n'], rows: [[1]] };
    const { create, limits } = fakeSqlEngine([{ kind: 'time' }, { kind: 'rows', rows }, { kind: 'rows', rows }]);
    const sandbox = sandboxWith({ createSqlEngine: create });
    const testCase = { seed: '', expected: rows };
    const request: RunRequest = {
      form: 'sql',
      language: 'postgresql',
      code: 'SELECT 1 AS n',
      schema: '',
      cases: [testCase, testCase, testCase],
      ordered: true,
      checkColumnNames: true,
    };
    const scored = await sandbox.run(request, { lane: 'scoring', stopAfterTimeouts: 1 });
    expect(scored.results).toEqual([
      { passed: false, error: TIME_LIMIT_EXCEEDED },
      { passed: false, error: NOT_RUN_TIME_LIMIT },
      { passed: false, error: NOT_RUN_TIME_LIMIT },
    ]);
    // The engine is told the budget (it stops running cases), and a candidate run has none: every case that ran is judged.
    expect(limits[0]).toMatchObject({ stopAfterTimeouts: 1, msPerCase: expect.any(Number), wallClockMs: expect.any(Number) });
    const sample = await sandbox.run(request);
    expect(limits[1]?.stopAfterTimeouts).toBeUndefined();
    expect(sample.results).toEqual([
      { passed: false, error: TIME_LIMIT_EXCEEDED },
      { passed: true, actual: rows },
      { passed: true, actual: rows },
    ]);
  });

  it('warms a native module through its engine once, when the sandbox is warmed up with that language', async () => {
    const { jail } = recordingJail();
    let warmed = 0;
    const { languages } = withModule('java', () => ({ kind: 'ran', cases: [] }), { warm: async () => void (warmed += 1) });
    const sandbox = new Sandbox({ workers: 1, nativeWorkers: 2, prewarm: ['java'] }, { jail, nativeLanguages: languages, jailAvailability: JAIL_OK });
    sandboxes.push(sandbox);
    sandbox.warmUp('candidate');
    sandbox.warmUp('scoring');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warmed).toBe(1);
  });
});
