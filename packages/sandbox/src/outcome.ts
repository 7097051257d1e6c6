import { deepEqual } from './equality.js';
import type { CaseReport } from './protocol.js';
import { pythonRepr } from './python-repr.js';
import { stdioVerdict } from './stdio-verdict.js';
import type { CaseResult, SourceLocation } from './types.js';

export const TIME_LIMIT_EXCEEDED = 'Time limit exceeded';
export const MEMORY_LIMIT_EXCEEDED = 'Memory limit exceeded';
/** A case not run because earlier ones used up the run's budget of timeouts (`stopAfterTimeouts`). */
export const NOT_RUN_TIME_LIMIT = 'Not run: time limit (an earlier case exceeded it)';
/** A case not run because the sandbox could not run the answer (RunOutcome.fault says why; decision 1043). */
export const NOT_RUN_FAULT = 'Not run: the sandbox could not run this answer';

/**
 * Turns a worker's report into the verdict; the comparison happens here, so `expected` never enters the VM. A
 * Python result also says how Python writes both values (`display`), for showing: the verdict is the JSON one.
 */
export function judgeCase(report: CaseReport, expected: unknown, maxOutputBytes: number, display?: 'python'): CaseResult {
  const verdict = verdictOf(report, expected, maxOutputBytes);
  if (display !== 'python') return verdict;
  const actual = report.kind === 'value' && report.display !== undefined ? { actual: report.display } : {};
  return { ...verdict, display: { ...actual, expected: pythonDisplay(expected, maxOutputBytes) } };
}

/** A Python result (of a case that may never have reported: killed, crashed) with the expected value as Python writes it. */
export function withPythonDisplay(result: CaseResult, expected: unknown, maxOutputBytes: number): CaseResult {
  return result.display !== undefined ? result : { ...result, display: { expected: pythonDisplay(expected, maxOutputBytes) } };
}

function pythonDisplay(value: unknown, maxOutputBytes: number): string {
  const text = pythonRepr(value);
  return text.length <= maxOutputBytes ? text : `${text.slice(0, maxOutputBytes)}...`;
}

function verdictOf(report: CaseReport, expected: unknown, maxOutputBytes: number): CaseResult {
  switch (report.kind) {
    case 'value': {
      // The VM refused anything longer in UTF-16 units; this is the exact byte check.
      if (Buffer.byteLength(report.json, 'utf8') > maxOutputBytes) return outputRefused(maxOutputBytes);
      let actual: unknown;
      try {
        actual = JSON.parse(report.json);
      } catch {
        return { passed: false, error: 'The sandbox could not read the returned value' };
      }
      return { passed: deepEqual(actual, expected), actual };
    }
    case 'undefined':
      return { passed: expected === undefined, actual: undefined };
    case 'output':
      return outputRefused(maxOutputBytes);
    case 'stdout':
      return stdioVerdict(report.text, report.exitCode, expected, maxOutputBytes);
    case 'time':
      return { passed: false, error: TIME_LIMIT_EXCEEDED };
    case 'memory':
      return { passed: false, error: MEMORY_LIMIT_EXCEEDED };
    case 'error': {
      const location: SourceLocation | undefined = report.position;
      return {
        passed: false,
        error: report.message,
        ...(location ? { errorLocation: location } : {}),
        ...(report.trace !== undefined ? { traceback: report.trace } : {}),
      };
    }
  }
}

function outputRefused(maxOutputBytes: number): CaseResult {
  return { passed: false, error: `Output limit exceeded: the returned value is larger than ${maxOutputBytes} bytes as JSON` };
}

/**
 * What a case printed, at most `maxLogBytes` UTF-8 bytes (the VM already stopped collecting at about that
 * many characters), with a note when something was cut. Never splits a character.
 */
export function capLog(log: string, cut: boolean, maxLogBytes: number): string {
  let kept = log;
  if (Buffer.byteLength(kept, 'utf8') > maxLogBytes) {
    kept = Buffer.from(kept, 'utf8')
      .subarray(0, maxLogBytes)
      .toString('utf8')
      .replace(/\uFFFD$/, '');
    cut = true;
  }
  return cut ? `${kept}\n[output cut at ${maxLogBytes} bytes]` : kept;
}
