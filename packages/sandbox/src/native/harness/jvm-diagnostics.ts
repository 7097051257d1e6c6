import type { CompileDiagnostic, NativeRunResult } from '../native-language.js';

/** One compiler diagnostic as javac or mcs gives it. */
export interface RawDiagnostic {
  readonly error: boolean;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/**
 * A failed build as the candidate sees it: only errors in their own file, with their line and column; the
 * generated harness is never quoted. When only the harness failed (the candidate's method has another name, or
 * other parameter or return types), one diagnostic says which method the question expects.
 */
export function compileErrorOf(raw: readonly RawDiagnostic[], sourceFile: string, expected: string | undefined): NativeRunResult {
  const own = raw.filter((d) => d.error && d.file === sourceFile);
  if (own.length > 0) {
    const diagnostics: CompileDiagnostic[] = own.map((d) => ({
      message: d.message,
      ...(d.line > 0 ? { line: d.line } : {}),
      ...(d.column > 0 ? { column: d.column } : {}),
    }));
    const output = own.map((d) => `${sourceFile}:${d.line > 0 ? `${d.line}:${d.column > 0 ? `${d.column}:` : ''}` : ''} error: ${d.message}`).join('\n');
    return { kind: 'compileError', diagnostics, output };
  }
  const general = raw.find((d) => d.error && d.file === '');
  const message =
    general?.message ??
    (expected !== undefined ? `The harness cannot call your code: ${sourceFile} must declare ${expected}` : `${sourceFile} did not compile`);
  return { kind: 'compileError', diagnostics: [{ message }], output: message };
}
