import { afterAll, describe, expect, it } from 'vitest';
import { javaLanguage } from '../../src/native/languages/java.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE } from '../languages/fixture.js';
import { javaFixture } from '../languages/java.js';
import { javaOverloadBomb } from './jvm-bombs.js';
import { cpuTimeMessage } from '../../src/native/compile-stop.js';
import { TEST_RUN_LIMITS, jvmTestContext } from './jvm-context.js';

// A compile's budget is its processor time (decision 1044): the wall clock behind it is generous, as a busy machine needs.
const context = jvmTestContext({ compileLimits: { ...TEST_RUN_LIMITS, cpuMs: 3_000, wallMs: 60_000 } });
afterAll(async () => {
  await javaLanguage.close?.();
  await context.dispose();
});

const run = (code: string) =>
  javaLanguage.execute(
    { form: 'function', code, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, argsJson: TOP_SCORES_CASES.map((c) => JSON.stringify(c.args)) },
    context,
  );

describe('java: the warm compiler', () => {
  it('one compile never sees another compile’s classes or sources', { timeout: 60_000 }, async () => {
    await javaLanguage.warm?.(context);
    const first = await run(`${javaFixture.correct}\nclass Secret {\n    static int[] answer = { 9, 5 };\n}\n`);
    expect(first.kind).toBe('ran');
    const second = await run('class Solution {\n    public static int[] topScores(int[] scores, int k) {\n        return Secret.answer;\n    }\n}\n');
    expect(second).toMatchObject({ kind: 'compileError', diagnostics: [{ line: 3, column: 16, message: expect.stringContaining('cannot find symbol') }] });
  });

  it('a method the harness cannot call is named without quoting the harness', { timeout: 30_000 }, async () => {
    const result = await run('class Solution {\n    public static int[] top(int[] scores, int k) {\n        return scores;\n    }\n}\n');
    const message = 'The harness cannot call your code: Solution.java must declare public static int[] topScores(int[] scores, int k) in class Solution';
    expect(result).toEqual({ kind: 'compileError', diagnostics: [{ message }], output: message });
  });

  it('a compile-time bomb is stopped when it has used its processor time, said so, and the next compile works', { timeout: 60_000 }, async () => {
    const started = performance.now();
    const bomb = await run(javaOverloadBomb(12));
    expect(bomb).toMatchObject({ kind: 'compileError', diagnostics: [{ message: cpuTimeMessage(3_000) }] });
    expect(performance.now() - started).toBeLessThan(60_000);
    const after = await run(javaFixture.correct);
    expect(after.kind === 'ran' && after.cases.map((c) => c.report)).toEqual(
      TOP_SCORES_CASES.map((c) => ({ kind: 'value', json: JSON.stringify(c.expected) })),
    );
  });
});
