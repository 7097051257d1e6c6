import { languageProfile } from '@assay/domain/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CPP_COMPILER, CPP_FLAGS, CPP_RUNTIME, cppCache } from '../../src/native/harness/c-family-cache.js';
import { cppLanguage } from '../../src/native/languages/cpp.js';
import { cppFixture } from '../languages/cpp.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE, TOP_SCORES_STDIO_CASES } from '../languages/fixture.js';
import type { TestContext } from './c-family-context.js';
import { testContext } from './c-family-context.js';

const ARGS = TOP_SCORES_CASES.map((c) => JSON.stringify(c.args));
let context: TestContext;

beforeAll(async () => {
  context = testContext();
  // The usual headers only: <bits/stdc++.h>'s precompiled header has its own suite (cpp-every-header.test.ts).
  await context.shared(CPP_RUNTIME);
}, 180_000);
afterAll(async () => {
  await cppLanguage.close?.();
  await context.dispose();
});

const run = (code: string) =>
  cppLanguage.execute({ form: 'function', code, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, argsJson: ARGS }, context);

describe('C++ (clang 14, C++20) in the jail', () => {
  it('answers a right answer, a wrong one and the starter stub with their own values', async () => {
    const json = async (code: string) => {
      const result = await run(code);
      return result.kind === 'ran' ? result.cases.map((c) => (c.report.kind === 'value' ? JSON.parse(c.report.json) : c.report)) : result;
    };
    expect(await json(cppFixture.correct)).toEqual(TOP_SCORES_CASES.map((c) => c.expected));
    // The wrong answer returns the k smallest, smallest first.
    const smallest = TOP_SCORES_CASES.map(({ args: [scores, k] }) => [...(scores as number[])].sort((a, b) => a - b).slice(0, k as number));
    expect(await json(cppFixture.wrong)).toEqual(smallest);
    expect(await json(languageProfile('cpp').stub('topScores', TOP_SCORES_SIGNATURE))).toEqual([[], [], []]);
  });

  it("names the candidate's own file, line and column in a compile error, never the harness's", async () => {
    const result = await run(cppFixture.compileError?.code ?? '');
    expect(result.kind).toBe('compileError');
    if (result.kind !== 'compileError') return;
    expect(result.diagnostics[0]).toMatchObject({ line: cppFixture.compileError?.line, column: 18 });
    expect(result.output).toMatch(/^solution\.cpp:4:18: error: expected ';' after return statement$/m);
    expect(result.output).not.toMatch(/main\.cpp|assay/);
  });

  it('says the declaration the question gives when the harness cannot call the function, or finds none', async () => {
    const result = await run('#include <string>\nstd::string topScores(int k) { return ""; }\n');
    // clang says the call has too many arguments and notes the candidate's declaration: its line and column.
    expect(result.kind === 'compileError' && result.diagnostics[0]).toEqual({
      message: "topScores has other parameters than the question's: write vector<int> topScores(vector<int> scores, int k)",
      line: 2,
      column: 13,
    });
    const missing = await run('int top() { return 1; }\n');
    expect(missing.kind === 'compileError' && missing.diagnostics[0]?.message).toBe(
      'solution.cpp does not define topScores: write vector<int> topScores(vector<int> scores, int k)',
    );
    const undefinedOne = await run('#include <vector>\nstd::vector<int> topScores(std::vector<int> scores, int k);\n');
    expect(undefinedOne.kind === 'compileError' && undefinedOne.diagnostics[0]?.message).toMatch(/^solution\.cpp does not define topScores/);
  });

  it("compiles only the answer and its adapter, links the question's prebuilt harness, and keeps overloads working (decision 1401)", async () => {
    const compiles: string[][] = [];
    const watching = { ...context, jail: (spec: Parameters<typeof context.jail>[0]) => (compiles.push([...spec.argv]), context.jail(spec)) };
    const byReference =
      '#include <algorithm>\n#include <vector>\nusing namespace std;\nvector<int> topScores(const vector<int>& scores, long long k) {\n    vector<int> s = scores;\n    sort(s.rbegin(), s.rend());\n    s.resize(k);\n    return s;\n}\n';
    const result = await cppLanguage.execute(
      { form: 'function', code: byReference, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, argsJson: ARGS },
      watching,
    );
    expect(result.kind === 'ran' && result.cases.map((c) => c.report)).toEqual(
      TOP_SCORES_CASES.map((c) => ({ kind: 'value', json: JSON.stringify(c.expected) })),
    );
    const compile = compiles.find((argv) => argv.includes(CPP_COMPILER));
    expect(compile).toEqual(expect.arrayContaining(['main.cpp', '/opt/assay-harness/harness.o']));
  });

  it("answers an uncaught exception with its type, what() and the candidate's line; a crash does not stop later cases", async () => {
    const result = await run(cppFixture.runtimeError.code);
    expect(result.kind).toBe('ran');
    if (result.kind !== 'ran') return;
    for (const each of result.cases) {
      expect(each.report).toMatchObject({
        kind: 'error',
        message: expect.stringMatching(/^Uncaught exception std::out_of_range: vector::_M_range_check/),
        position: { line: cppFixture.runtimeError.line },
        trace: 'at topScores(std::vector<int, std::allocator<int> >, int) (solution.cpp:4)',
      });
    }
    const mixed = await run(
      '#include <vector>\n#include <stdexcept>\nusing namespace std;\nvector<int> topScores(vector<int> s, int k) {\n    if (k == 1) throw runtime_error("one");\n    return {k};\n}\n',
    );
    expect(mixed.kind === 'ran' && mixed.cases.map((c) => c.report)).toEqual([
      { kind: 'value', json: '[2]' },
      expect.objectContaining({ kind: 'error', message: 'Uncaught exception std::runtime_error: one', position: { line: 5 } }),
      { kind: 'value', json: '[3]' },
    ]);
  });

  it('compiles against the precompiled header, from another path than where it was built (decision 723)', async () => {
    const cache = await cppCache(cppFixture.correct, context);
    const dir = await context.scratchDir();
    await writeFile(join(dir, 'solution.cpp'), cppFixture.correct);
    const compile = (flags: readonly string[]) =>
      context.jail({
        argv: [CPP_COMPILER, ...CPP_FLAGS, ...flags, '-H', '-fsyntax-only', 'solution.cpp'],
        dir,
        readOnly: cache.mounts,
        limits: context.compileLimits,
      });
    const used = await compile(cache.flags);
    expect(used.exitCode, used.stderr).toBe(0);
    expect(cache.flags).toEqual(['-include-pch', '/opt/assay/assay-std.hpp.pch']);
    // clang reads the candidate's <algorithm> and <vector> from the precompiled header: it opens no header of its own.
    expect(used.stderr).not.toMatch(/^\.+ \//m);
    const parsed = await compile([]);
    expect(parsed.stderr).toMatch(/^\. \S+\/algorithm$/m);
  });

  it('runs the stdio form once per input, with its stderr as the log', async () => {
    const code = cppFixture.stdioCorrect?.replace('int n, k;', 'int n, k;\n    cerr << "reading\\n";') ?? '';
    const result = await cppLanguage.execute({ form: 'stdio', code, inputs: TOP_SCORES_STDIO_CASES.map((c) => c.input) }, context);
    expect(result.kind === 'ran' && result.cases.map((c) => [c.report, c.log])).toEqual(
      TOP_SCORES_STDIO_CASES.map((c) => [{ kind: 'stdout', text: c.expectedOutput, exitCode: 0 }, 'reading\n']),
    );
  });
});
