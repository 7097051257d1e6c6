import { languageProfile } from '@assay/domain/languages';
import { afterAll, describe, expect, it } from 'vitest';
import { javaLanguage } from '../../src/native/languages/java.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE, TOP_SCORES_STDIO_CASES } from '../languages/fixture.js';
import { javaFixture } from '../languages/java.js';
import { jvmTestContext } from './jvm-context.js';

const context = jvmTestContext();
afterAll(async () => {
  await javaLanguage.close?.();
  await context.dispose();
});

const run = (code: string) =>
  javaLanguage.execute(
    { form: 'function', code, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, argsJson: TOP_SCORES_CASES.map((c) => JSON.stringify(c.args)) },
    context,
  );

const values = (result: Awaited<ReturnType<typeof run>>) =>
  result.kind === 'ran' ? result.cases.map((c) => (c.report.kind === 'value' ? JSON.parse(c.report.json) : c.report)) : result;

describe('java: the shared problem in a real jail', () => {
  it('a correct answer returns every expected value', { timeout: 60_000 }, async () => {
    expect(values(await run(javaFixture.correct))).toEqual(TOP_SCORES_CASES.map((c) => c.expected));
  });

  it('the starter stub is what the harness calls: filled with one line, it compiles and runs', { timeout: 30_000 }, async () => {
    const stub = languageProfile('java').stub('topScores', TOP_SCORES_SIGNATURE);
    expect(values(await run(stub.replace(/^( +)\n/m, '$1return scores;\n')))).toEqual(TOP_SCORES_CASES.map((c) => c.args[0]));
  });

  it('a wrong answer returns its own values', { timeout: 30_000 }, async () => {
    expect(values(await run(javaFixture.wrong))).toEqual([[1, 3], [3], [-8, -2, 0]]);
  });

  it("a compile error names the candidate's line and column, never the harness", { timeout: 30_000 }, async () => {
    const result = await run(javaFixture.compileError?.code ?? '');
    expect(result.kind).toBe('compileError');
    if (result.kind !== 'compileError') return;
    expect(result.diagnostics[0]).toMatchObject({ line: javaFixture.compileError?.line, column: 31, message: "';' expected" });
    expect(result.output).toBe("Solution.java:3:31: error: ';' expected");
  });

  it("a runtime error names the exception and the candidate's frame", { timeout: 30_000 }, async () => {
    const result = await run(javaFixture.runtimeError.code);
    expect(result.kind).toBe('ran');
    if (result.kind !== 'ran') return;
    for (const c of result.cases) {
      expect(c.report).toMatchObject({
        kind: 'error',
        position: { line: javaFixture.runtimeError.line },
        trace: 'at Solution.topScores(Solution.java:4)',
      });
      expect(c.report.kind === 'error' && c.report.message).toMatch(/^NullPointerException/);
      // A JVM frame names a line alone: no column is made up (decision 1103).
      expect(c.report.kind === 'error' && c.report.position).toEqual({ line: javaFixture.runtimeError.line });
    }
  });

  it('the stdio form runs the program once per case with the input on stdin', { timeout: 30_000 }, async () => {
    const result = await javaLanguage.execute(
      { form: 'stdio', code: javaFixture.stdioCorrect ?? '', inputs: TOP_SCORES_STDIO_CASES.map((c) => c.input) },
      context,
    );
    expect(result.kind === 'ran' && result.cases.map((c) => c.report)).toEqual(
      TOP_SCORES_STDIO_CASES.map((c) => ({ kind: 'stdout', text: c.expectedOutput, exitCode: 0 })),
    );
  });

  it('the stdio starter reads a line and prints it', { timeout: 30_000 }, async () => {
    const result = await javaLanguage.execute({ form: 'stdio', code: languageProfile('java').stdioStub(), inputs: ['héllo wörld\nrest\n'] }, context);
    expect(result.kind === 'ran' && result.cases.map((c) => c.report)).toEqual([{ kind: 'stdout', text: 'héllo wörld\n', exitCode: 0 }]);
  });
});
