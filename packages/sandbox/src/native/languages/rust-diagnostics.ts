import type { CompileDiagnostic, NativeRunResult } from '../native-language.js';

interface RustSpan {
  readonly file_name: string;
  readonly line_start: number;
  readonly column_start: number;
  readonly is_primary: boolean;
}
interface RustDiagnostic {
  readonly message: string;
  readonly level: string;
  readonly spans: readonly RustSpan[];
  readonly rendered: string | null;
}

/**
 * rustc's JSON diagnostics as the candidate's own: the primary span in solution.rs gives the position and the
 * rendered text is kept; an error whose primary span is in the generated main.rs is told as "does not fit the
 * signature" without the harness's position or code.
 */
export function rustCompileErrors(stderr: string, signatureText: string): NativeRunResult {
  const diagnostics: CompileDiagnostic[] = [];
  const output: string[] = [];
  for (const text of stderr.split('\n')) {
    if (!text.startsWith('{')) {
      if (text.trim() !== '') output.push(text);
      continue;
    }
    let diagnostic: RustDiagnostic;
    try {
      diagnostic = JSON.parse(text) as RustDiagnostic;
    } catch {
      continue;
    }
    if (!diagnostic.level.startsWith('error') || diagnostic.message.startsWith('aborting due to')) continue;
    const primary = diagnostic.spans.find((span) => span.is_primary) ?? diagnostic.spans[0];
    if (primary !== undefined && primary.file_name !== 'solution.rs') {
      const said = `Your code does not fit the question's signature (${signatureText}): ${diagnostic.message}`;
      diagnostics.push({ message: said });
      output.push(said);
      continue;
    }
    diagnostics.push({ message: diagnostic.message, ...(primary ? { line: primary.line_start, column: primary.column_start } : {}) });
    output.push((diagnostic.rendered ?? diagnostic.message).trimEnd());
  }
  if (diagnostics.length === 0) diagnostics.push({ message: output.join('\n') || 'The Rust compiler failed' });
  diagnostics.sort((a, b) => Number(a.line === undefined) - Number(b.line === undefined));
  return { kind: 'compileError', diagnostics, output: output.join('\n') };
}
