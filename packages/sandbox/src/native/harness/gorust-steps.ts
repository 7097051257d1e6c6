import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { capLog } from '../../outcome.js';
import { compileStop } from '../compile-stop.js';
import type { JailLimits, JailResult } from '../jail-spec.js';
import type { CompileDiagnostic, NativeCaseResult, NativeContext, NativeRunResult } from '../native-language.js';

/** Steps the Go, Rust, Ruby and PHP modules share: writing the run's files, compile limits, the stdio loop. */

/** Writes files into the run's directory, readable by the jail's uid whoever owns the directory. */
export async function writeFiles(dir: string, files: Readonly<Record<string, string | Buffer>>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    await writeFile(path, text);
    await chmod(path, 0o644);
  }
}

/** A compile step the jail stopped: the reason in words (the compiler's own diagnostics never come from a killed run). */
export function compileStopped(result: JailResult, limits: JailLimits): NativeRunResult | undefined {
  const stopped = compileStop(result, limits);
  if (stopped !== undefined) return stopped;
  const message =
    result.killedFor === 'memory'
      ? 'The compiler ran out of memory: the program is too costly to compile'
      : result.killedFor === 'output'
        ? 'The compiler printed too much'
        : undefined;
  return message === undefined ? undefined : { kind: 'compileError', diagnostics: [{ message }], output: message };
}

/** The `compile` line an interpreted language's harness writes to its results file when the candidate's file does not parse. */
export function harnessCompileLine(results: string): CompileDiagnostic | undefined {
  for (const text of results.split('\n')) {
    if (!text.startsWith('{"compile"')) continue;
    try {
      const { compile } = JSON.parse(text) as { compile: { message: string; line?: number | null } };
      return { message: compile.message, ...(typeof compile.line === 'number' ? { line: compile.line } : {}) };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export const compileError = (diagnostic: CompileDiagnostic, output = diagnostic.message): NativeRunResult => ({
  kind: 'compileError',
  diagnostics: [diagnostic],
  output,
});

/** One stdio case's result: what it printed, or why the jail stopped it; its stderr is the log. */
export function stdioCaseResult(result: JailResult, maxLogBytes: number): NativeCaseResult {
  const cut = result.outputCut || Buffer.byteLength(result.stderr, 'utf8') > maxLogBytes;
  const log = capLog(result.stderr, cut, maxLogBytes);
  const base = { log, logCut: cut, timeMs: result.wallMs };
  switch (result.killedFor) {
    case 'wall':
    case 'cpu':
    case 'cancelled':
      return { report: { kind: 'time' }, ...base };
    case 'memory':
      return { report: { kind: 'memory' }, ...base };
    case 'output':
      return { report: { kind: 'output' }, ...base };
    case null:
      return { report: { kind: 'stdout', text: result.stdout, exitCode: result.exitCode }, ...base };
  }
}

/**
 * Runs a stdio program once per input, each in its own jail. `syntaxError` reads a parse error off the first run's
 * output (interpreted languages): the whole run then answers it as a compile error.
 */
export async function runStdioCases(
  context: NativeContext,
  dir: string,
  argv: readonly string[],
  inputs: readonly string[],
  options: { readonly env?: Readonly<Record<string, string>>; readonly syntaxError?: (result: JailResult) => CompileDiagnostic | undefined } = {},
): Promise<NativeRunResult> {
  const cases: NativeCaseResult[] = [];
  for (const [index, input] of inputs.entries()) {
    context.phase({ step: 'running', case: index + 1, of: inputs.length });
    const result = await context.stdioCase({ argv, dir, stdin: input, readOnlyBox: true, ...(options.env ? { env: options.env } : {}) });
    const syntax = index === 0 ? options.syntaxError?.(result) : undefined;
    if (syntax !== undefined) return compileError(syntax, result.stderr);
    cases.push(stdioCaseResult(result, context.maxLogBytes));
  }
  return { kind: 'ran', cases };
}
