import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view';

/**
 * The look of the editor. CodeMirror injects its styles at run time; in a shadow root it uses a constructed
 * stylesheet, which the page's `style-src 'self'` allows, where a `<style>` element in the document would be
 * refused. So the editor lives in a shadow root and is themed here, not in candidate.css.
 */
const theme = EditorView.theme({
  '&': {
    fontSize: '14px',
    backgroundColor: '#ffffff',
    color: '#1f2933',
    border: '1px solid #c5ccd6',
    borderRadius: '6px',
    minHeight: '12rem',
  },
  '&.cm-focused': { outline: '3px solid #2f6fdf', outlineOffset: '1px' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    lineHeight: '1.5',
    minHeight: '12rem',
    maxHeight: '32rem',
    overflow: 'auto',
  },
  '.cm-content': { padding: '8px 0', caretColor: '#1f2933' },
  '.cm-gutters': { backgroundColor: '#f4f6f9', color: '#67727e', borderRight: '1px solid #dde2e8', borderRadius: '6px 0 0 6px' },
  '.cm-activeLine': { backgroundColor: '#f2f6fd' },
  '.cm-activeLineGutter': { backgroundColor: '#e3ebf8' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: '#cfe0fb' },
});

export interface CodeEditor {
  readonly view: EditorView;
  getCode(): string;
  setReadOnly(readOnly: boolean): void;
}

/** A JavaScript editor inside `host` (its shadow root), calling `onChange` with the whole text on every edit. */
export function createCodeEditor(host: HTMLElement, options: { code: string; label: string; onChange: (code: string) => void }): CodeEditor {
  const root = host.attachShadow({ mode: 'open' });
  const lock = new Compartment();
  const view = new EditorView({
    root,
    parent: root,
    state: EditorState.create({
      doc: options.code,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        javascript(),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorState.tabSize.of(2),
        lock.of([]),
        // On a phone, long lines wrap rather than hide off screen.
        window.matchMedia?.('(max-width: 40rem)').matches ? EditorView.lineWrapping : [],
        EditorView.contentAttributes.of({ 'aria-label': options.label, spellcheck: 'false', autocorrect: 'off', autocapitalize: 'off' }),
        theme,
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    view,
    getCode: () => view.state.doc.toString(),
    setReadOnly(value: boolean) {
      view.dispatch({ effects: lock.reconfigure(value ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : []) });
    },
  };
}
