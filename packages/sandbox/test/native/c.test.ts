import { languageProfile } from '@assay/domain/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cLanguage } from '../../src/native/languages/c.js';
import type { NativeRunResult } from '../../src/native/native-language.js';
import { cFixture } from '../languages/c.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE, TOP_SCORES_STDIO_CASES } from '../languages/fixture.js';
import type { TestContext } from './c-family-context.js';
import { testContext } from './c-family-context.js';

const ARGS = TOP_SCORES_CASES.map((c) => JSON.stringify(c.args));
let context: TestContext;

beforeAll(async () => {
  context = testContext();
  await cLanguage.warm?.(context);
}, 60_000);
afterAll(async () => {
  await cLanguage.close?.();
  await context.dispose();
});

const run = (code: string, argsJson = ARGS, signature = TOP_SCORES_SIGNATURE) =>
  cLanguage.execute({ form: 'function', code, functionName: 'topScores', signature, argsJson }, context);

const values = (result: NativeRunResult) =>
  result.kind === 'ran' ? result.cases.map((c) => (c.report.kind === 'value' ? JSON.parse(c.report.json) : c.report)) : result;

describe('C (gcc 12, C17) in the jail', () => {
  it('answers a right answer, a wrong one and the starter stub with their own values', async () => {
    expect(values(await run(cFixture.correct))).toEqual(TOP_SCORES_CASES.map((c) => c.expected));
    // The wrong answer returns the k smallest, largest first.
    const smallest = TOP_SCORES_CASES.map(({ args: [scores, k] }) =>
      [...(scores as number[])]
        .sort((a, b) => a - b)
        .slice(0, k as number)
        .reverse(),
    );
    expect(values(await run(cFixture.wrong))).toEqual(smallest);
    expect(values(await run(languageProfile('c').stub('topScores', TOP_SCORES_SIGNATURE)))).toEqual([[], [], []]);
  });

  it("names the candidate's own file, line and column in a compile error, never the harness's", async () => {
    const result = await run(cFixture.compileError?.code ?? '');
    expect(result.kind).toBe('compileError');
    if (result.kind !== 'compileError') return;
    expect(result.diagnostics[0]).toMatchObject({ line: cFixture.compileError?.line, column: expect.any(Number) });
    expect(result.output).toMatch(/^solution\.c:3:\d+: error: expected ';'/m);
    expect(result.output).not.toMatch(/main\.c/);
  });

  it('says the declaration the question gives when the candidate changed it, and when the function is missing', async () => {
    const changed = await run('int* topScores(int* scores, int k) { return scores; }\n');
    expect(changed.kind === 'compileError' && changed.diagnostics[0]?.message).toContain('int* topScores(int* scores, int scoresSize, int k, int* returnSize)');
    const missing = await run('int top(void) { return 1; }\n');
    expect(missing.kind === 'compileError' && missing.diagnostics[0]?.message).toMatch(/solution\.c does not define topScores/);
    const withMain = await run(`${cFixture.correct}\nint main(void) { return 0; }\n`);
    expect(withMain.kind === 'compileError' && withMain.diagnostics[0]?.message).toMatch(/^solution\.c defines main: in a function question/);
  });

  it('refuses a parameter or a return value of another type at the candidate’s own line, never reading the wrong memory', async () => {
    // long long* for the question's int*: the harness would have passed int* and the answer read 8-byte items.
    const wider =
      '#include <stdlib.h>\n\nint* topScores(long long* scores, int scoresSize, int k, int* returnSize) {\n    *returnSize = 0;\n    return NULL;\n}\n';
    const parameter = await run(wider);
    expect(parameter).toMatchObject({
      kind: 'compileError',
      diagnostics: [
        {
          line: 3,
          column: expect.any(Number),
          message: 'topScores takes long long int * where the question passes int *: write int* topScores(int* scores, int scoresSize, int k, int* returnSize)',
        },
      ],
    });
    const returned = await run(
      '#include <stdlib.h>\n\n/* the k largest */\nlong long* topScores(int* scores, int scoresSize, int k, int* returnSize) {\n    *returnSize = 0;\n    return NULL;\n}\n',
    );
    expect(returned).toMatchObject({
      kind: 'compileError',
      diagnostics: [
        { line: 4, column: 12, message: expect.stringMatching(/^topScores returns long long int \* where the question expects int \*: write int\* topScores/) },
      ],
    });
    // const is not a mismatch: the harness's int* is passed to a const int* as any C program would.
    const constant =
      '#include <stdlib.h>\n\nint* topScores(const int* scores, int scoresSize, int k, int* returnSize) {\n    int* top = malloc(sizeof(int));\n    top[0] = scores[0];\n    *returnSize = 1;\n    return top;\n}\n';
    expect(values(await run(constant))).toEqual(TOP_SCORES_CASES.map((c) => [(c.args[0] as number[])[0]]));
  });

  it("answers a crash in its own case, at the candidate's line, and later cases still run", async () => {
    const code =
      '#include <stddef.h>\nint* topScores(int* scores, int scoresSize, int k, int* returnSize) {\n    int* nothing = NULL;\n    if (k == 1) *returnSize = nothing[k];\n    *returnSize = 1;\n    return scores;\n}\n';
    const result = await run(code);
    expect(result.kind).toBe('ran');
    if (result.kind !== 'ran') return;
    expect(result.cases[0]?.report).toEqual({ kind: 'value', json: '[5]' });
    expect(result.cases[1]?.report).toMatchObject({ kind: 'error', message: expect.stringMatching(/SIGSEGV/), position: { line: 4 } });
    expect(result.cases[1]?.report.kind === 'error' && result.cases[1].report.trace).toBe('at topScores (solution.c:4)');
    expect(result.cases[2]?.report).toEqual({ kind: 'value', json: '[-2]' });
  });

  it('answers a fixture runtime error on every case at its line, and a looping case as a time limit of its own', async () => {
    const crashed = await run(cFixture.runtimeError.code);
    expect(crashed.kind === 'ran' && crashed.cases.map((c) => c.report.kind === 'error' && c.report.position?.line)).toEqual([4, 4, 4]);
    const loop = '#include <stdbool.h>\nint* topScores(int* s, int n, int k, int* r) {\n    while (k == 1) {}\n    *r = 0;\n    return s;\n}\n';
    const looped = await run(loop);
    expect(looped.kind === 'ran' && looped.cases.map((c) => c.report.kind)).toEqual(['value', 'time', 'value']);
  }, 20_000);

  it('says endless recursion once, with the count of its frames', async () => {
    const code =
      'int* topScores(int* scores, int scoresSize, int k, int* returnSize) {\n    volatile int pad[64];\n    pad[0] = k;\n    return topScores(scores, scoresSize, pad[0] + 1, returnSize);\n}\n';
    const result = await run(code, [ARGS[0] ?? '']);
    expect(result.kind === 'ran' && result.cases[0]?.report).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^Segmentation fault \(SIGSEGV\).*stack overflow/),
      // The innermost frame faults in its prologue (the function's head, line 1) or at the call (line 4): where the
      // stack runs out depends on where it started (the environment's size, alignment), so either is right.
      position: { line: expect.toSatisfy((line: number) => line === 1 || line === 4) },
      trace: expect.stringMatching(/^(at topScores \(solution\.c:1\)\n)?at topScores \(solution\.c:4\) \(× \d+\)$/),
    });
  });

  it("keeps each case's printing with its case", async () => {
    const code = `#include <stdio.h>\n${cFixture.correct.replace('*returnSize = k;', '*returnSize = k;\n    printf("k=%d\\n", k);')}`;
    const result = await run(code);
    expect(result.kind === 'ran' && result.cases.map((c) => c.log)).toEqual(['k=2\n', 'k=1\n', 'k=3\n']);
  });

  it('runs the stdio form once per input; a crash there is said by its signal', async () => {
    const result = await cLanguage.execute({ form: 'stdio', code: cFixture.stdioCorrect ?? '', inputs: TOP_SCORES_STDIO_CASES.map((c) => c.input) }, context);
    expect(result.kind === 'ran' && result.cases.map((c) => c.report)).toEqual(
      TOP_SCORES_STDIO_CASES.map((c) => ({ kind: 'stdout', text: c.expectedOutput, exitCode: 0 })),
    );
    const crash = '#include <stdio.h>\nint main(void) {\n    int* nothing = 0;\n    printf("%d\\n", *nothing);\n    return 0;\n}\n';
    const crashed = await cLanguage.execute({ form: 'stdio', code: crash, inputs: ['1\n'] }, context);
    expect(crashed.kind === 'ran' && crashed.cases[0]?.report).toEqual({
      kind: 'error',
      message: 'The program was killed by SIGSEGV (an invalid memory access or a stack overflow)',
    });
  });
});
