import { capCompileOutput } from '../compile-output.js';
import { compileStop } from '../compile-stop.js';
import type { JailLimits, JailResult } from '../jail-spec.js';
import type { CompileDiagnostic, NativeRunResult } from '../native-language.js';
import { signatureMismatch } from './c-family-mismatch.js';

/**
 * gcc's and clang's output as the candidate sees it: only what names their own file (solution.c:line:column), never
 * the generated harness's lines. An error that only the harness shows (the candidate changed the function's
 * parameters) or only the linker shows (the function is missing) is said in words with the expected declaration.
 */
const DIAGNOSTIC = /^(?<file>[^:\n]+):(?<line>\d+):(?<column>\d+): (?<level>fatal error|error|warning|note): (?<message>.*)$/;

export interface CompileContext {
  /** solution.c or solution.cpp. */
  readonly sourceFile: string;
  /** The candidate's code, to find their function when the harness's call does not fit it. */
  readonly source?: string;
  readonly functionName?: string;
  /** What the question's function looks like in this language, for the message when the harness cannot call it. */
  readonly declaration?: string;
  readonly limits: JailLimits;
}

/** The compile step's result as a compile error (or a fault: the busy server stopped it), or undefined when the program was built. */
export function compileFailure(compiled: JailResult, context: CompileContext): Extract<NativeRunResult, { kind: 'compileError' | 'fault' }> | undefined {
  const result = { ...compiled, stderr: ownPaths(compiled.stderr, context.sourceFile) };
  // Memory first: a compiler out of memory may also be killed, which reads like its processor time running out.
  const memory = memoryMessage(result, context);
  if (memory !== undefined) return { kind: 'compileError', diagnostics: [{ message: memory }], output: memory };
  const stopped = compileStop(result, context.limits);
  if (stopped !== undefined) return stopped;
  const limit = limitMessage(result, context);
  if (limit !== undefined) return { kind: 'compileError', diagnostics: [{ message: limit }], output: limit };
  if (result.exitCode === 0) return undefined;
  const lines = result.stderr.split('\n');
  const own = lines.filter((line) => line.startsWith(`${context.sourceFile}:`));
  const diagnostics: CompileDiagnostic[] = [];
  for (const line of own) {
    const match = DIAGNOSTIC.exec(line);
    if (match?.groups === undefined || !/error/.test(match.groups.level ?? '')) continue;
    diagnostics.push({ message: match.groups.message ?? line, line: Number(match.groups.line), column: Number(match.groups.column) });
  }
  if (diagnostics.length > 0) return { kind: 'compileError', diagnostics, output: capCompileOutput(own.join('\n')) };
  const mismatch = signatureMismatch(result.stderr, context);
  const message = mismatch?.message ?? harnessOrLinkerMessage(result.stderr, context);
  const output = [message, ...own].join('\n');
  return { kind: 'compileError', diagnostics: [mismatch ?? { message }], output: capCompileOutput(output) };
}

/** clang names a file the harness includes by the path it found it at (`./solution.cpp`); the candidate knows `solution.cpp`. */
const ownPaths = (stderr: string, sourceFile: string): string => stderr.replaceAll(`./${sourceFile}:`, `${sourceFile}:`);

function harnessOrLinkerMessage(stderr: string, context: CompileContext): string {
  const name = context.functionName ?? 'the function';
  if (/multiple definition of [`']main'/.test(stderr)) {
    return `${context.sourceFile} defines main: in a function question the harness has its own main and calls ${name} (remove main)`;
  }
  // gcc's words, g++'s, then clang's (`::name` in the C++ harness, decision 1397).
  if (
    new RegExp(
      `implicit declaration of function '${name}'|'(::)?${name}' (was not|has not been) declared|no member named '${name}' in the global namespace`,
    ).test(stderr)
  ) {
    return `${context.sourceFile} does not define ${name}${context.declaration ? `: write ${context.declaration}` : ''}`;
  }
  const missing = /undefined reference to [`']([^']+)'/.exec(stderr);
  if (missing !== undefined && missing !== null) {
    return missing[1] === name || missing[1]?.startsWith(`${name}(`)
      ? `${context.sourceFile} does not define ${name}${context.declaration ? `: write ${context.declaration}` : ''}`
      : `${missing[1]} is declared but never defined`;
  }
  if (context.declaration !== undefined) return `${name} must keep the declaration the question gives: ${context.declaration}`;
  const first = stderr.split('\n').find((line) => /error/.test(line));
  return first ?? 'The program did not compile';
}

/** The compiler ran out of memory (an #include of a device, a template too large). */
function memoryMessage(result: JailResult, context: CompileContext): string | undefined {
  // gcc's words, then clang's ("LLVM ERROR: out of memory", "Allocation failed"), which it prints before its crash report.
  if (
    result.killedFor !== 'memory' &&
    !/out of memory allocating|virtual memory exhausted|Cannot allocate memory|LLVM ERROR: out of memory|Allocation failed/.test(result.stderr)
  )
    return undefined;
  return `The compiler ran out of memory (limit ${Math.round(context.limits.memoryBytes / 2 ** 20)} MB): an #include of a device or a template too large to compile?`;
}

/** The compiler itself was stopped otherwise (its time is compileStop's, its memory memoryMessage's): too much output, a signal. */
function limitMessage(result: JailResult, context: CompileContext): string | undefined {
  if (result.killedFor === 'output') {
    const own = result.stderr.split('\n').filter((line) => line.startsWith(`${context.sourceFile}:`));
    return capCompileOutput(`The compiler printed too much (the output limit was reached):\n${own.join('\n')}`);
  }
  if (result.killedFor === 'cancelled') return 'The compile was cancelled';
  if (result.exitCode === null) return `The compiler was killed (${result.signal ?? 'a signal'})`;
  return undefined;
}
