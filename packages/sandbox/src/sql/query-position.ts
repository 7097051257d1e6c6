import type { CodePosition } from '../protocol.js';

/** The 1-based line and column of a 0-based character offset in the candidate's query (PostgreSQL's error position). */
export function positionAt(code: string, offset: number): CodePosition {
  const before = code.slice(0, Math.max(0, Math.min(offset, code.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1) ?? '').length + 1 };
}
