import { sameOutput } from './stdio-compare.js';
import type { CaseResult } from './types.js';

/**
 * A stdio case's verdict, judged on the host for every engine (native and WebAssembly): the printed text by the stdio
 * rule (stdio-compare.ts), `actual` the text (cut to the output limit); an exit other than 0 fails the case, whatever
 * it printed (it crashed, or said it failed).
 */
export function stdioVerdict(text: string, exitCode: number | null, expected: unknown, maxOutputBytes: number): CaseResult {
  const actual = capText(text, maxOutputBytes);
  if (exitCode !== 0) return { passed: false, actual, error: `The program exited with ${exitCode === null ? 'a signal' : `code ${exitCode}`}` };
  return { passed: typeof expected === 'string' && sameOutput(text, expected), actual };
}

function capText(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  return `${Buffer.from(text, 'utf8')
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '')}...`;
}
