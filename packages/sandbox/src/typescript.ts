import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { transform, type Message, type TransformFailure } from 'esbuild';
import type { PositionMap } from './outcome.js';
import type { SourceLocation } from './types.js';

/** The candidate's TypeScript as JavaScript for QuickJS, or the syntax error that stops it. */
export type Transpiled = { ok: true; code: string; mapPosition: PositionMap } | { ok: false; error: string; location: SourceLocation | undefined };

/**
 * Strips the types with esbuild (no type checking: a type error is not a failure, as in most online judges);
 * a syntax error is the candidate's and is reported with its place in their source. Runtime error positions
 * in the emitted code are mapped back through the source map.
 */
export async function transpileTypeScript(source: string): Promise<Transpiled> {
  try {
    const result = await transform(source, {
      loader: 'ts',
      sourcefile: 'solution.ts',
      sourcemap: 'external',
      // QuickJS implements ES2023; keeping modern syntax keeps the emitted code close to what was written.
      target: 'es2022',
      logLevel: 'silent',
    });
    const map = new TraceMap(result.map);
    return { ok: true, code: result.code, mapPosition: (position) => original(map, position.line, position.column) };
  } catch (error) {
    const first = (error as Partial<TransformFailure>).errors?.[0];
    if (!first) throw error;
    return { ok: false, error: `SyntaxError: ${first.text}`, location: locationOf(first) };
  }
}

function original(map: TraceMap, line: number, column: number): SourceLocation | undefined {
  const found = originalPositionFor(map, { line, column: Math.max(0, column - 1) });
  return found.line === null || found.column === null ? undefined : { line: found.line, column: found.column + 1 };
}

/** esbuild counts columns in UTF-8 bytes from 0; candidates (and editors) count characters from 1. */
function locationOf(message: Message): SourceLocation | undefined {
  const at = message.location;
  if (!at) return undefined;
  const characters = Buffer.from(at.lineText, 'utf8').subarray(0, at.column).toString('utf8').length;
  return { line: at.line, column: characters + 1 };
}
