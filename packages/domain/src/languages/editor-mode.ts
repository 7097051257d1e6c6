/**
 * The CodeMirror legacy-mode modules the candidate page bundles (each a chunk of its own, fetched when first needed):
 * a language whose mode is in one of them names it and needs nothing in the page.
 */
export type LegacyEditorModule = 'clike' | 'go' | 'rust' | 'ruby';

/**
 * How the candidate page's editor highlights a language (decision 750): one of the few CodeMirror modes the page knows
 * (apps/candidate-web/src/take-test/editor-modes.ts, the framework code). `legacy`: a stream parser of
 * @codemirror/legacy-modes, the export `parser` of the module `module` (clike's `java`, `c`, `cpp`, `csharp`…).
 */
export type EditorMode =
  | { readonly kind: 'javascript'; readonly typescript?: boolean }
  | { readonly kind: 'python' }
  /** PHP without HTML around it: a candidate's file starts with `<?php`. */
  | { readonly kind: 'php' }
  /** An SQL dialect, with the question's tables and columns as completions. */
  | { readonly kind: 'sql'; readonly dialect: 'sqlite' | 'postgresql' }
  | { readonly kind: 'legacy'; readonly module: LegacyEditorModule; readonly parser: string };

/**
 * How a coding question's values (its samples, the custom input's arguments) are written for a language on the
 * candidate page (decision 751): Python's own literals for Python (`None`, `True`, `'abc'`), JSON for the others — the
 * values a question's definition holds, which every harness reads.
 */
export type ValueSyntax = 'python' | 'json';
