import type { CompileDiagnostic, NativeRunResult } from '../native-language.js';

/**
 * The candidate's function-form file may leave out `package main` (the stub does): it is then put in front of the
 * first line, so every line keeps its number and only line 1's columns shift by `offset`.
 */
const PACKAGE_CLAUSE = 'package main; ';

export function withPackageClause(code: string): { code: string; offset: number } {
  return /^[ \t]*package[ \t]+\w+/m.test(code) ? { code, offset: 0 } : { code: `${PACKAGE_CLAUSE}${code}`, offset: PACKAGE_CLAUSE.length };
}

/**
 * The Go compiler's errors as the candidate's own: positions in solution.go (line 1's columns put back), and errors
 * in the generated main.go told as "does not match the signature" without the harness's position.
 */
export function goCompileErrors(output: string, offset: number, signatureText: string): NativeRunResult {
  const diagnostics: CompileDiagnostic[] = [];
  const lines: string[] = [];
  for (const text of output.split('\n')) {
    const match = /^(solution|main)\.go:(\d+):(\d+): (.*)$/.exec(text);
    if (match === null) {
      if (text.trim() !== '' && !text.startsWith('main.go')) lines.push(text.replaceAll(PACKAGE_CLAUSE, ''));
      continue;
    }
    const [, file, lineText, columnText, message] = match as unknown as [string, string, string, string, string];
    if (file === 'main') {
      const said = `Your code does not fit the question's signature (${signatureText}): ${message}`;
      diagnostics.push({ message: said });
      lines.push(said);
      continue;
    }
    const line = Number(lineText);
    const column = line === 1 ? Math.max(1, Number(columnText) - offset) : Number(columnText);
    diagnostics.push({ message, line, column });
    lines.push(`solution.go:${line}:${column}: ${message}`);
  }
  if (diagnostics.length === 0) diagnostics.push({ message: lines.join('\n') || 'The Go compiler failed' });
  // The candidate's own errors first: a signature mismatch is often just the echo of one of them.
  diagnostics.sort((a, b) => Number(a.line === undefined) - Number(b.line === undefined));
  return { kind: 'compileError', diagnostics, output: lines.join('\n') };
}
