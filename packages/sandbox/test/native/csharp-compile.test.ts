import { afterAll, describe, expect, it } from 'vitest';
import { csharpLanguage } from '../../src/native/languages/csharp.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE } from '../languages/fixture.js';
import { csharpFixture } from '../languages/csharp.js';
import { csharpOverloadBomb } from './jvm-bombs.js';
import { cpuTimeMessage } from '../../src/native/compile-stop.js';
import { TEST_RUN_LIMITS, jvmTestContext } from './jvm-context.js';

// A compile's budget is its processor time (decision 1044): the wall clock behind it is generous, as a busy machine needs.
const context = jvmTestContext({ compileLimits: { ...TEST_RUN_LIMITS, cpuMs: 3_000, wallMs: 60_000 } });
afterAll(async () => {
  await csharpLanguage.close?.();
  await context.dispose();
});

const run = (code: string) =>
  csharpLanguage.execute(
    { form: 'function', code, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, argsJson: TOP_SCORES_CASES.map((c) => JSON.stringify(c.args)) },
    context,
  );

describe('csharp: the warm compiler', () => {
  it('one compile never sees another compile’s classes or sources', { timeout: 60_000 }, async () => {
    await csharpLanguage.warm?.(context);
    const first = await run(`${csharpFixture.correct}\npublic class Secret\n{\n    public static int[] answer = { 9, 5 };\n}\n`);
    expect(first.kind).toBe('ran');
    const second = await run(
      'public class Solution\n{\n    public static int[] topScores(int[] scores, int k)\n    {\n        return Secret.answer;\n    }\n}\n',
    );
    expect(second).toMatchObject({
      kind: 'compileError',
      diagnostics: [{ line: 5, column: 16, message: "The name `Secret' does not exist in the current context" }],
    });
  });

  it('a method the harness cannot call is named without quoting the harness', { timeout: 30_000 }, async () => {
    const result = await run('public class Solution\n{\n    public static int[] top(int[] scores, int k)\n    {\n        return scores;\n    }\n}\n');
    const message = 'The harness cannot call your code: Solution.cs must declare public static int[] topScores(int[] scores, int k) in class Solution';
    expect(result).toEqual({ kind: 'compileError', diagnostics: [{ message }], output: message });
  });

  it('a compile-time bomb is stopped when it has used its processor time, said so, and the next compile works', { timeout: 60_000 }, async () => {
    const started = performance.now();
    const bomb = await run(csharpOverloadBomb(8));
    expect(bomb).toMatchObject({ kind: 'compileError', diagnostics: [{ message: cpuTimeMessage(3_000) }] });
    expect(performance.now() - started).toBeLessThan(60_000);
    const after = await run(csharpFixture.correct);
    expect(after.kind === 'ran' && after.cases.map((c) => c.report)).toEqual(
      TOP_SCORES_CASES.map((c) => ({ kind: 'value', json: JSON.stringify(c.expected) })),
    );
  });
});
