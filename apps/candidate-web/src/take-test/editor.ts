import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab, simplifySelection } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { bracketMatching, defaultHighlightStyle, HighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, Prec, StateEffect, StateField, type Extension } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import type { CodingLanguage } from './languages.js';

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
  // The gutters' grey falls to 4.09:1 on the active line's tint (axe, WCAG 1.4.3): its number is darker.
  '.cm-activeLineGutter': { backgroundColor: '#e3ebf8', color: '#4f5963' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: '#cfe0fb' },
  // No background of its own: the highlighted code keeps its contrast (WCAG 1.4.3).
  '.cm-error-line': { boxShadow: 'inset 4px 0 0 #9b1c1c' },
  '.cm-error-mark': { textDecoration: 'underline wavy #9b1c1c', textDecorationSkipInk: 'none' },
});

/**
 * CodeMirror's default colours, three of them darkened: types (#085), regular expressions and escapes (#e40)
 * and invalid code (#f00) fall under 4.5:1 on the active line's tint (WCAG 1.4.3; axe measured 4.16).
 */
const DARKER: Record<string, string> = { '#085': '#067040', '#e40': '#b31d00', '#f00': '#c00' };
const highlightStyle = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) => (typeof spec.color === 'string' && DARKER[spec.color] ? { ...spec, color: DARKER[spec.color] } : spec)),
);

/** The hint under the editor lives in the shadow root too, so the editor can point at it (aria-describedby). */
const HINT_ID = 'editor-hint';
const HINT_CSS = `.editor-hint { margin: 0.35rem 0 0; font-size: 0.82rem; line-height: 1.5; color: #5a6675; }
@media (forced-colors: active) { .cm-error-line { outline: 2px solid Mark; } }`;

/** Esc lets Tab leave the editor until another key is pressed (CodeMirror's own Esc allows only 2 s). */
const UNTIL_ANOTHER_KEY_MS = 365 * 86_400_000;

const languageSupport = (language: CodingLanguage): Extension => [
  language === 'python' ? python() : javascript({ typescript: language === 'typescript' }),
  // Python's habit is four spaces; JavaScript's and TypeScript's two.
  indentUnit.of(language === 'python' ? '    ' : '  '),
  EditorState.tabSize.of(language === 'python' ? 4 : 2),
];

/** Where a run found an error: its line marked, and the character at its column. Cleared by the next run. */
const setErrorMarks = StateEffect.define<{ line: number; column: number } | null>();
const errorMarks = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = marks.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorMarks)) continue;
      next = Decoration.none;
      const at = effect.value;
      if (!at || at.line < 1 || at.line > transaction.state.doc.lines) continue;
      const line = transaction.state.doc.line(at.line);
      const from = Math.min(line.to, line.from + Math.max(0, at.column - 1));
      const ranges = [Decoration.line({ class: 'cm-error-line', attributes: { title: `Error on line ${at.line}, column ${at.column}` } }).range(line.from)];
      if (from < line.to) ranges.push(Decoration.mark({ class: 'cm-error-mark' }).range(from, from + 1));
      next = Decoration.set(ranges, true);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

export interface CodeEditor {
  readonly view: EditorView;
  getCode(): string;
  /** Replaces the whole text (one step, so Ctrl+Z brings the old text back). */
  setCode(code: string): void;
  setLanguage(language: CodingLanguage): void;
  setReadOnly(readOnly: boolean): void;
  /** Marks where a run failed (line and column from 1); null clears it. */
  markError(at: { line: number; column: number } | null): void;
  /** Puts the cursor at a line and column (from 1) and the focus in the editor. */
  focusAt(line: number, column: number): void;
}

export interface EditorOptions {
  code: string;
  language: CodingLanguage;
  /** The editor's accessible name ("Your code for question 3"). */
  label: string;
  /** Said under the editor, and to screen readers with the editor (how to leave it). */
  hint: string;
  onChange: (code: string) => void;
  /** Esc was pressed: Tab now leaves the editor (the page announces it). */
  onEscape: () => void;
}

/** A code editor inside `host` (its shadow root), calling `onChange` with the whole text on every edit. */
export function createCodeEditor(host: HTMLElement, options: EditorOptions): CodeEditor {
  const root = host.attachShadow({ mode: 'open' });
  const lock = new Compartment();
  const language = new Compartment();
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
        syntaxHighlighting(highlightStyle, { fallback: true }),
        language.of(languageSupport(options.language)),
        errorMarks,
        Prec.high(
          keymap.of([
            {
              key: 'Escape',
              run: (target) => {
                simplifySelection(target);
                target.setTabFocusMode(UNTIL_ANOTHER_KEY_MS);
                options.onEscape();
                return true;
              },
            },
          ]),
        ),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        // Coming back into the editor, Tab indents again.
        EditorView.domEventHandlers({ focus: (_event, target) => target.setTabFocusMode(false) }),
        lock.of([]),
        // On a phone, long lines wrap rather than hide off screen.
        window.matchMedia?.('(max-width: 40rem)').matches ? EditorView.lineWrapping : [],
        EditorView.contentAttributes.of({
          // Focusable anyway (contenteditable); said outright so that checkers see the scrolling editor's
          // content as focusable (axe: scrollable-region-focusable).
          tabindex: '0',
          'aria-label': options.label,
          'aria-describedby': HINT_ID,
          spellcheck: 'false',
          autocorrect: 'off',
          autocapitalize: 'off',
        }),
        theme,
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  const hint = document.createElement('p');
  hint.id = HINT_ID;
  hint.className = 'editor-hint';
  hint.textContent = options.hint;
  root.append(hint);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(HINT_CSS);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];

  const positionOf = (line: number, column: number): number => {
    const doc = view.state.doc;
    const target = doc.line(Math.min(Math.max(1, line), doc.lines));
    return Math.min(target.to, target.from + Math.max(0, column - 1));
  };
  return {
    view,
    getCode: () => view.state.doc.toString(),
    setCode(code) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code }, userEvent: 'input.replace' });
    },
    setLanguage(next) {
      view.dispatch({ effects: language.reconfigure(languageSupport(next)) });
    },
    setReadOnly(value: boolean) {
      view.dispatch({ effects: lock.reconfigure(value ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : []) });
    },
    markError(at) {
      view.dispatch({ effects: setErrorMarks.of(at) });
    },
    focusAt(line, column) {
      const anchor = positionOf(line, column);
      view.dispatch({ selection: { anchor }, effects: EditorView.scrollIntoView(anchor, { y: 'center' }) });
      view.focus();
    },
  };
}
