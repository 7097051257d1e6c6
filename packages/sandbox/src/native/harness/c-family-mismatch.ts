import type { CompileDiagnostic } from '../native-language.js';

/**
 * When the harness's call does not fit the candidate's function (decision 1086), where and how in the candidate's
 * words: C is compiled with `-Werror=incompatible-pointer-types -Werror=int-conversion`, so a parameter of another
 * pointer type (a `long long*` for the question's `int*`, read as the wrong memory before) or a return value of
 * another type stops the build. gcc reports it at the harness's call; its note names the candidate's parameter
 * (solution.c:line:column), and for a return value the candidate's definition is found in their file.
 */
export interface MismatchContext {
  readonly sourceFile: string;
  readonly source?: string;
  readonly functionName?: string;
  readonly declaration?: string;
}

const NOTE = /^(?<file>[^:\n]+):(?<line>\d+):(?<column>\d+): note: (?<message>.*)$/;

export function signatureMismatch(stderr: string, context: MismatchContext): CompileDiagnostic | undefined {
  const name = context.functionName;
  // A function that is not there at all is the missing-function message's (c-family-diagnostics.ts), not a mismatch.
  if (name === undefined || stderr.includes(`implicit declaration of function '${name}'`)) return undefined;
  const write = context.declaration === undefined ? '' : `: write ${context.declaration}`;
  const notes = stderr
    .split('\n')
    .map((line) => NOTE.exec(line)?.groups)
    .filter((note) => note?.file === context.sourceFile);
  const parameter = notes
    .map((note) => ({ note, types: /expected '(.+)' but argument is of type '(.+)'/.exec(note?.message ?? '') }))
    .find((found) => found.types);
  if (parameter?.note !== undefined && parameter.types) {
    const [, theirs, ours] = parameter.types;
    return { message: `${name} takes ${theirs} where the question passes ${ours}${write}`, ...at(parameter.note) };
  }
  if (/too (many|few) arguments to function/.test(stderr)) {
    const declared = notes.find((note) => /declared here/.test(note?.message ?? ''));
    return { message: `${name} has other parameters than the question's${write}`, ...(declared ? at(declared) : definitionOf(name, context.source)) };
  }
  const returned = /initialization of '(.+)' from (?:incompatible pointer type )?'(.+?)'/.exec(stderr);
  if (returned !== null)
    return { message: `${name} returns ${returned[2]} where the question expects ${returned[1]}${write}`, ...definitionOf(name, context.source) };
  return undefined;
}

const at = (note: Record<string, string> | undefined): { line?: number; column?: number } =>
  note === undefined ? {} : { line: Number(note.line), column: Number(note.column) };

/** The line and column of the function's name where the candidate's file first declares or defines it. */
function definitionOf(name: string, source: string | undefined): { line?: number; column?: number } {
  const pattern = new RegExp(`(^|[\\s*&])(${name})\\s*\\(`);
  const lines = (source ?? '').split('\n');
  for (const [index, text] of lines.entries()) {
    const match = pattern.exec(text);
    if (match !== null) return { line: index + 1, column: match.index + (match[1]?.length ?? 0) + 1 };
  }
  return {};
}
