import { deepEqual } from './equality.js';
import type { CaseReport } from './protocol.js';
import type { CaseResult } from './types.js';

export const TIME_LIMIT_EXCEEDED = 'Time limit exceeded';
export const MEMORY_LIMIT_EXCEEDED = 'Memory limit exceeded';

/** Turns a worker's report into the verdict; the comparison happens here, so `expected` never enters the VM. */
export function judgeCase(report: CaseReport, expected: unknown, maxOutputBytes: number): CaseResult {
  switch (report.kind) {
    case 'value': {
      // The VM refused anything longer in UTF-16 units; this is the exact byte check.
      if (Buffer.byteLength(report.json, 'utf8') > maxOutputBytes) return outputRefused(maxOutputBytes);
      const actual: unknown = JSON.parse(report.json);
      return { passed: deepEqual(actual, expected), actual };
    }
    case 'undefined':
      return { passed: expected === undefined, actual: undefined };
    case 'output':
      return outputRefused(maxOutputBytes);
    case 'time':
      return { passed: false, error: TIME_LIMIT_EXCEEDED };
    case 'memory':
      return { passed: false, error: MEMORY_LIMIT_EXCEEDED };
    case 'error':
      return { passed: false, error: report.message };
  }
}

function outputRefused(maxOutputBytes: number): CaseResult {
  return { passed: false, error: `Output limit exceeded: the returned value is larger than ${maxOutputBytes} bytes as JSON` };
}
