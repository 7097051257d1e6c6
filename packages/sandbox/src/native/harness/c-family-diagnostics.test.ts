import { describe, expect, it } from 'vitest';
import type { JailResult } from '../jail-spec.js';
import { compileFailure } from './c-family-diagnostics.js';

const limits = { cpuMs: 2000, wallMs: 10_000, memoryBytes: 512 << 20, processes: 8, openFiles: 64, fileBytes: 1 << 20, outputBytes: 1 << 20 };
const context = { sourceFile: 'solution.cpp', functionName: 'topScores', declaration: 'vector<int> topScores(vector<int> scores, int k)', limits };
const compiled = (stderr: string, exitCode: number | null = 1): JailResult => ({
  exitCode,
  signal: exitCode === null ? 'SIGABRT' : null,
  stdout: '',
  stderr,
  results: '',
  outputCut: false,
  killedFor: null,
  wallMs: 900,
});

/** What a compile that ran out of memory says, in clang's words too (a template bomb in CI, issue 63's clang). */
describe('a C++ compile out of memory', () => {
  it('is said as such when clang reports it before its crash report, not as a changed declaration', () => {
    const stderr = [
      'LLVM ERROR: out of memory',
      'Allocation failed',
      'PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.',
      "2.\tsolution.cpp:1:62: instantiating variable definition 'Boom<40, 1>::value'",
    ].join('\n');
    const failure = compileFailure(compiled(stderr), context);
    expect(failure?.kind).toBe('compileError');
    expect(failure?.kind === 'compileError' && failure.diagnostics[0]?.message).toBe(
      'The compiler ran out of memory (limit 512 MB): an #include of a device or a template too large to compile?',
    );
  });

  it('keeps gcc’s words, and a plain error stays the candidate’s', () => {
    const gcc = compileFailure(compiled('cc1plus: out of memory allocating 65536 bytes'), context);
    expect(gcc?.kind === 'compileError' && gcc.diagnostics[0]?.message).toMatch(/^The compiler ran out of memory/);
    const plain = compileFailure(compiled("solution.cpp:3:5: error: use of undeclared identifier 'x'"), context);
    expect(plain?.kind === 'compileError' && plain.diagnostics[0]).toMatchObject({ line: 3, column: 5, message: "use of undeclared identifier 'x'" });
  });
});
