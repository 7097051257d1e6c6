import type { EditorMode, ValueSyntax } from './editor-mode.js';
import type { Grammar } from './highlight-grammars.js';
import type { QuestionForm } from './question-form.js';
import type { TokenReading } from './token-reading.js';
import type { Signature } from './value-type.js';

/**
 * Everything the rest of Assay needs to know about one language, in one place (the sandbox keeps how it runs:
 * packages/sandbox/src/native/languages/ or the WebAssembly engines). Every field is read through the registry,
 * never by comparing a language's name. `Id`: its id, which the registry's list of profiles makes the `LanguageId`s
 * (decision 1320).
 */
export interface LanguageProfile<Id extends string = string> {
  readonly id: Id;
  /** How people read its name: "C++", "C#", "SQL (PostgreSQL)". */
  readonly name: string;
  /** Where it runs: in WebAssembly on every host, or as a native toolchain in a jail. */
  readonly runtime: 'wasm' | 'native';
  /** The question forms it can answer. */
  readonly forms: readonly QuestionForm[];
  /** A function question in this language needs a typed signature (static languages). */
  readonly needsSignature: boolean;
  /** The file the candidate's code is in, as compile errors and tracebacks name it. */
  readonly sourceFile: string;
  /** The candidate page's editor mode (apps/candidate-web maps its kind to CodeMirror). */
  readonly editor: EditorMode;
  /** How the candidate page writes a coding question's values in this language. */
  readonly valueSyntax: ValueSyntax;
  /** How the report, the PDF, the workbook and the TUI highlight its code (highlight.ts). */
  readonly grammar: Grammar;
  /** How similarity reads its answers, and whose answers they are compared with. */
  readonly tokens: TokenReading;
  /** One indentation step in the editor and in generated stubs. */
  readonly indent: string;
  /** Names a function may have in this language. */
  readonly identifier: RegExp;
  /** Words that cannot name a function. */
  readonly reserved: ReadonlySet<string>;
  /** Why a typed signature cannot be answered in this language (C has no maps), or undefined; absent: every signature can. */
  signatureRefusal?(signature: Signature): string | undefined;
  /** The starter code of a function question: its signature and an empty body. */
  stub(functionName: string, signature: Signature | undefined): string;
  /** The starter code of a stdin/stdout question: read the input, print the answer. */
  stdioStub(): string;
}
