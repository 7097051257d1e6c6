import { capLog } from '../outcome.js';
import type { CodePosition } from '../protocol.js';
import type { JailResult } from './jail-spec.js';
import type { NativeCaseResult } from './native-language.js';

/**
 * How a generated harness talks to the host. Results go on file descriptor 3, one JSON line per case, apart from
 * the candidate's stdout and stderr:
 *   {"case":0,"timeMs":0.42,"value":<the return value as JSON>}
 *   {"case":1,"timeMs":1.5,"error":"IndexOutOfBoundsException: Index 5 out of bounds","line":7,"column":12,"trace":"at Solution.f(Solution.java:7)"}
 * `timeMs` is how long the candidate's call took, measured by the harness around the call alone (decision 1085).
 * Before case i the harness flushes and writes `<marker>i\n` on stdout and on stderr, so each case's printing is
 * told apart. The marker is random per run and reaches the harness as its first argument: a candidate printing a
 * look-alike can only muddle their own log, and the verdict never depends on it (expected values never enter the jail).
 */
export interface HarnessLine {
  readonly case: number;
  readonly value?: unknown;
  readonly error?: string;
  readonly line?: number;
  readonly column?: number;
  readonly trace?: string;
  readonly timeMs?: number;
}

export const newMarker = (): string => `@@assay-case-${crypto.randomUUID()}@@`;

/** The per-case results of a harness run: missing ones answer why the run ended (time, memory, output, a crash). */
export function caseResultsOf(result: JailResult, cases: number, marker: string, maxLogBytes: number): NativeCaseResult[] {
  const lines = new Map<number, HarnessLine>();
  for (const text of result.results.split('\n')) {
    if (text.trim() === '') continue;
    try {
      const line = JSON.parse(text) as HarnessLine;
      if (Number.isSafeInteger(line.case) && !lines.has(line.case)) lines.set(line.case, line);
    } catch {
      // A torn last line (the run was killed mid-write): that case has no result.
    }
  }
  const stdout = splitByMarker(result.stdout, marker);
  const stderr = splitByMarker(result.stderr, marker);
  const results: NativeCaseResult[] = [];
  for (let index = 0; index < cases; index++) {
    const printed = [stdout.get(index) ?? '', stderr.get(index) ?? ''].filter((part) => part !== '').join('');
    const cut = Buffer.byteLength(printed, 'utf8') > maxLogBytes || (result.outputCut && !lines.has(index + 1));
    const log = capLog(printed, cut, maxLogBytes);
    const line = lines.get(index);
    if (line !== undefined) {
      const timeMs = typeof line.timeMs === 'number' && Number.isFinite(line.timeMs) ? { timeMs: Math.round(line.timeMs * 10) / 10 } : {};
      results.push({ report: reportOf(line), log, logCut: cut, ...timeMs });
      continue;
    }
    results.push({ report: endedReport(result, stdout.has(index)), log, logCut: cut });
  }
  return results;
}

function reportOf(line: HarnessLine): NativeCaseResult['report'] {
  if (line.error !== undefined) {
    // A JVM frame, a Ruby or PHP error names a line alone: no column is made up (decision 1103).
    const position: CodePosition | undefined =
      line.line !== undefined ? { line: line.line, ...(line.column !== undefined && line.column > 0 ? { column: line.column } : {}) } : undefined;
    return { kind: 'error', message: line.error, ...(position ? { position } : {}), ...(line.trace ? { trace: line.trace } : {}) };
  }
  if (!('value' in line)) return { kind: 'undefined' };
  return { kind: 'value', json: JSON.stringify(line.value ?? null) };
}

/** A case without a result line: the run stopped during it (or before it). */
function endedReport(result: JailResult, started: boolean): NativeCaseResult['report'] {
  switch (result.killedFor) {
    case 'wall':
    case 'cpu':
    case 'cancelled':
      return { kind: 'time' };
    case 'memory':
      return { kind: 'memory' };
    case 'output':
      return { kind: 'error', message: 'Output limit exceeded: the program printed too much' };
    case null:
      return {
        kind: 'error',
        message: started
          ? `The program ended during this case (${result.signal !== null ? `signal ${result.signal}` : `exit code ${result.exitCode}`})`
          : 'The program ended before this case started',
      };
  }
}

/** stdout split at the markers: what was printed during case i (text before the first marker belongs to no case). */
function splitByMarker(text: string, marker: string): Map<number, string> {
  const parts = new Map<number, string>();
  const pattern = new RegExp(`${marker}(\\d+)\\n`, 'g');
  let current: number | undefined;
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    if (current !== undefined) parts.set(current, (parts.get(current) ?? '') + text.slice(from, match.index));
    current = Number(match[1]);
    from = match.index + match[0].length;
    if (!parts.has(current)) parts.set(current, '');
  }
  if (current !== undefined) parts.set(current, (parts.get(current) ?? '') + text.slice(from));
  return parts;
}
