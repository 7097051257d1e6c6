import { judgeCase, NOT_RUN_FAULT, NOT_RUN_TIME_LIMIT, TIME_LIMIT_EXCEEDED } from '../outcome.js';
import type { NativeRun } from '../request.js';
import { stdioVerdict } from '../stdio-verdict.js';
import type { CaseResult, RunOutcome, SandboxLimits } from '../types.js';
import { capCompileOutput, capDiagnostic } from './compile-output.js';
import type { NativeCaseResult, NativeRunResult } from './native-language.js';

/**
 * A native run's verdicts, on the host (the expected values never entered the jail). Function form: the harness's
 * report judged like a WebAssembly one (judgeCase). Stdio form: the printed text by the stdio rule, `actual` the
 * text; a non-zero exit fails the case (it crashed, whatever it printed). A compile error answers every case with
 * its first diagnostic at the candidate's line and keeps the compiler's text in `compileOutput` (decision 676) and
 * every diagnostic in `compileErrors` (decision 1104).
 */
export function judgeNative(result: NativeRunResult, run: NativeRun, limits: SandboxLimits, stopAfterTimeouts: number | undefined): RunOutcome {
  // Not the code's doing: no case is judged (decision 1043).
  if (result.kind === 'fault')
    return { results: run.expected.map(() => ({ passed: false, error: `${NOT_RUN_FAULT}: ${result.message}` })), fault: result.message };
  if (result.kind === 'compileError') {
    const first = result.diagnostics[0];
    const error: CaseResult = {
      passed: false,
      error: `Compile error: ${capDiagnostic(first?.message ?? 'the program did not compile')}`,
      ...(first?.line !== undefined ? { errorLocation: { line: first.line, ...(first.column !== undefined ? { column: first.column } : {}) } } : {}),
    };
    return {
      results: run.expected.map(() => ({ ...error })),
      compileOutput: capCompileOutput(result.output),
      compileErrors: result.diagnostics.map((diagnostic) => ({ ...diagnostic, message: capDiagnostic(diagnostic.message) })),
    };
  }
  let timeouts = 0;
  const results = run.expected.map((expected, index): CaseResult => {
    const reported = result.cases[index];
    if (reported === undefined) return { passed: false, error: 'the sandbox lost this case' };
    const verdict = verdictOf(reported, expected, run.input.form, limits.maxOutputBytes);
    if (verdict.error !== TIME_LIMIT_EXCEEDED) return verdict;
    // One process answers every case: past the budget of timeouts, the cases the kill cut off were not run.
    timeouts += 1;
    return stopAfterTimeouts !== undefined && timeouts > stopAfterTimeouts ? { passed: false, error: NOT_RUN_TIME_LIMIT } : verdict;
  });
  return { results };
}

function verdictOf(reported: NativeCaseResult, expected: unknown, form: 'function' | 'stdio', maxOutputBytes: number): CaseResult {
  const { report } = reported;
  const extra = {
    ...(reported.log === '' ? {} : { output: reported.log }),
    ...(reported.timeMs === undefined ? {} : { timeMs: reported.timeMs }),
  };
  if (report.kind !== 'stdout') return { ...judgeCase(report, form === 'stdio' ? undefined : expected, maxOutputBytes), ...extra };
  return { ...stdioVerdict(report.text, report.exitCode, expected, maxOutputBytes), ...extra };
}
