import type { JailResult } from '../jail-spec.js';
import type { CompileDiagnostic, NativeRunResult } from '../native-language.js';
import { signatureMismatch } from './c-family-mismatch.js';

/**
 * gcc's and g++'s output as the candidate sees it: only what names their own file (solution.c:line:column), never
 * the generated harness's lines. An error that only the harness shows (the candidate changed the function's
 * parameters) or only the linker shows (the function is missing) is said in words with the expected declaration.
 */
const MAX_OUTPUT = 16 * 1024;
const DIAGNOSTIC = /^(?<file>[^:\n]+):(?<line>\d+):(?<column>\d+): (?<level>fatal error|error|warning|note): (?<message>.*)$/;

export interface CompileContext {
  /** solution.c or solution.cpp. */
  readonly sourceFile: string;
  /** The candidate's code, to find their function when the harness's call does not fit it. */
  readonly source?: string;
  readonly functionName?: string;
  /** What the question's function looks like in this language, for the message when the harness cannot call it. */
  readonly declaration?: string;
  readonly limits: { readonly cpuMs: number; readonly memoryBytes: number };
}

const cap = (text: string): string => (text.length > MAX_OUTPUT ? `${text.slice(0, MAX_OUTPUT)}\n… (the compiler's output was cut)` : text);

/** The compile step's result as a compile error, or undefined when the program was built. */
export function compileFailure(result: JailResult, context: CompileContext): Extract<NativeRunResult, { kind: 'compileError' }> | undefined {
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
  if (diagnostics.length > 0) return { kind: 'compileError', diagnostics, output: cap(own.join('\n')) };
  const mismatch = signatureMismatch(result.stderr, context);
  const message = mismatch?.message ?? harnessOrLinkerMessage(result.stderr, context);
  const output = [message, ...own].join('\n');
  return { kind: 'compileError', diagnostics: [mismatch ?? { message }], output: cap(output) };
}

function harnessOrLinkerMessage(stderr: string, context: CompileContext): string {
  const name = context.functionName ?? 'the function';
  if (/multiple definition of [`']main'/.test(stderr)) {
    return `${context.sourceFile} defines main: in a function question the harness has its own main and calls ${name} (remove main)`;
  }
  if (new RegExp(`implicit declaration of function '${name}'|'(::)?${name}' (was not|has not been) declared`).test(stderr)) {
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

/** The compiler itself was stopped: a compile-time bomb (template or constexpr explosion, #include of a device). */
function limitMessage(result: JailResult, context: CompileContext): string | undefined {
  const seconds = Math.ceil(context.limits.cpuMs / 1000);
  const megabytes = Math.round(context.limits.memoryBytes / 2 ** 20);
  if (result.killedFor === 'memory' || /out of memory allocating|virtual memory exhausted|Cannot allocate memory/.test(result.stderr)) {
    return `The compiler ran out of memory (limit ${megabytes} MB): an #include of a device or a template too large to compile?`;
  }
  // RLIMIT_CPU's hard limit kills cc1 with SIGKILL (memory is bounded first by RLIMIT_AS: an allocation fails, said above).
  if (result.killedFor === 'wall' || result.killedFor === 'cpu' || /CPU time limit exceeded|Killed signal terminated program/.test(result.stderr)) {
    return `The compiler ran out of time (limit ${seconds} s): a template or constexpr computation too large to compile?`;
  }
  if (result.killedFor === 'output') {
    const own = result.stderr.split('\n').filter((line) => line.startsWith(`${context.sourceFile}:`));
    return cap(`The compiler printed too much (the output limit was reached):\n${own.join('\n')}`);
  }
  if (result.killedFor === 'cancelled') return 'The compile was cancelled';
  if (result.exitCode === null) return `The compiler was killed (${result.signal ?? 'a signal'})`;
  return undefined;
}
