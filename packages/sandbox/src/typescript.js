// @ts-check
/**
 * TypeScript to JavaScript, inside the sandbox worker: the transpile runs under the run's wall clock and in its
 * lane's admission, like the code itself, so no answer can keep the host busy (esbuild on the host could be
 * made to take minutes by nesting, or to crash its service). sucrase is linear in the size of the code, pure
 * JavaScript on this thread's V8 heap, and dies with the worker; nesting too deep for this thread's stack is a
 * syntax error. It only strips types (a type error is not a failure, as in most online judges) and keeps every
 * line where it was; the source map carries columns back to the candidate's code.
 */
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { transform } from 'sucrase';

/** @typedef {{ line: number, column?: number }} Position */
/** @typedef {{ ok: true, code: string, mapPosition: (position: Position) => Position | undefined } | { ok: false, error: string, location: Position | undefined }} Transpiled */

/**
 * `export` before a top-level declaration (candidates paste modules): blanked to spaces of the same length, so
 * that every position in the code stays where it was.
 * @param {string} source
 */
export function blankExports(source) {
  return source.replace(
    /^([ \t]*)(export[ \t]+(?:default[ \t]+)?)(?=(?:async[ \t]+)?function\b|const\b|let\b|var\b|class\b|abstract[ \t]+class\b|enum\b)/gm,
    (_match, indent, keyword) => indent + ' '.repeat(keyword.length),
  );
}

/** A namespace sucrase would drop without a word (it supports only `declare namespace`). */
const NAMESPACE = /^([ \t]*(?:export[ \t]+)?)(?:namespace|module)[ \t]+[A-Za-z_$][\w$.]*[ \t]*\{/m;

/** A top-level `import` declaration: a stdio program's (`import { readFileSync } from 'fs'`). */
export const IMPORTS = /^[ \t]*import[ \t]*(?:[\w$*{]|['"])/m;

/**
 * Types stripped (TypeScript) and, for a stdio program that imports `fs` or `readline` (decision 1087), its imports
 * turned into the `require` calls the stdio harness answers (vm-stdio.js).
 * @param {string} source @param {{ typescript: boolean, imports: boolean }} options @returns {Transpiled}
 */
export function transpile(source, options) {
  const code = blankExports(source);
  const namespace = options.typescript ? NAMESPACE.exec(code) : null;
  if (namespace) {
    const before = code.slice(0, namespace.index).split('\n');
    return {
      ok: false,
      error: 'SyntaxError: TypeScript namespaces are not supported here: use an object or plain functions',
      location: { line: before.length, column: (before.at(-1)?.length ?? 0) + (namespace[1]?.length ?? 0) + 1 },
    };
  }
  try {
    /** @type {import('sucrase').Transform[]} */
    const transforms = [...(options.typescript ? /** @type {const} */ (['typescript']) : []), ...(options.imports ? /** @type {const} */ (['imports']) : [])];
    const result = transform(code, {
      transforms,
      disableESTransforms: true,
      filePath: options.typescript ? 'solution.ts' : 'solution.js',
      sourceMapOptions: { compiledFilename: 'solution.js' },
    });
    const map = result.sourceMap ? new TraceMap(/** @type {any} */ (result.sourceMap)) : undefined;
    return { ok: true, code: result.code, mapPosition: (position) => (map ? original(map, position) : position) };
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, error: 'SyntaxError: the code is nested too deeply to compile', location: undefined };
    const loc = /** @type {{ loc?: { line?: unknown, column?: unknown } }} */ (error).loc;
    const message = String(/** @type {Error} */ (error).message ?? error)
      .replace(/^Error transforming solution\.[jt]s: /, '')
      .replace(/ \(\d+:\d+\)$/, '');
    const location = typeof loc?.line === 'number' && typeof loc.column === 'number' ? { line: loc.line, column: loc.column } : undefined;
    return { ok: false, error: `SyntaxError: ${message}`, location };
  }
}

/** @param {TraceMap} map @param {Position} position */
function original(map, position) {
  const found = originalPositionFor(map, { line: position.line, column: Math.max(0, (position.column ?? 1) - 1) });
  if (found.line === null) return undefined;
  // A line alone stays a line alone (decision 1103).
  return position.column === undefined || found.column === null ? { line: found.line } : { line: found.line, column: found.column + 1 };
}
