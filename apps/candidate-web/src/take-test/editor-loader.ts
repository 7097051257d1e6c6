import type { CodeEditor } from './editor.js';

type EditorModule = typeof import('./editor.js');

/** What the coding question drives: the editor, or the plain-text box that stands in for it (no CodeMirror view). */
export type CodeSurface = Omit<CodeEditor, 'view'>;

let loading: Promise<EditorModule> | null = null;

/**
 * The editor's chunk (CodeMirror, most of the page's JavaScript), fetched once. A failed fetch is forgotten, so the
 * next call fetches again (decision 662): current browsers then fetch the chunk anew; one that keeps the failure keeps
 * the plain-text box until a reload.
 */
export function loadEditor(): Promise<EditorModule> {
  loading ??= import('./editor.js').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Fetched as the test starts, while the connection is known to work, rather than when a coding section first opens. */
export function prefetchEditor(): void {
  loadEditor().catch(() => undefined);
}
