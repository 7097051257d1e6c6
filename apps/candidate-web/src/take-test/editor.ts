import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  closeCompletion,
  completeAnyWord,
  completionKeymap,
  completionStatus,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab, simplifySelection } from '@codemirror/commands';
import { bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
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
import { languageProfile, type LanguageId } from '@assay/domain/languages';
import { loadMode, type SqlCompletionSchema } from './editor-modes.js';
import { editorFontSize } from './editor-prefs.js';
import { darkSchemeQuery, themeFor } from './editor-theme.js';

/** The hint under the editor lives in the shadow root too, so the editor can point at it (aria-describedby). */
const HINT_ID = 'editor-hint';
const HINT_CSS = `.editor-hint { margin: 0.35rem 0 0; font-size: 0.82rem; line-height: 1.5; color: #5a6675; }
@media (forced-colors: active) { .cm-error-line { outline: 2px solid Mark; } }`;

/** Esc lets Tab leave the editor until another key is pressed (CodeMirror's own Esc allows only 2 s). */
const UNTIL_ANOTHER_KEY_MS = 365 * 86_400_000;

/** A tab shows as wide as the language's indent step (Go indents with tabs: four columns). */
const TAB_COLUMNS = 4;

/** The language's habits (its indent step, from its profile) and its mode once loaded (editor-modes.ts). */
const languageSupport = (language: LanguageId, mode: Extension): Extension => {
  const { indent } = languageProfile(language);
  return [
    mode,
    indentUnit.of(indent),
    EditorState.tabSize.of(indent === '\t' ? TAB_COLUMNS : indent.length),
    // The language's own completions (keywords, built-ins, names in scope) come with its mode; words of the document too.
    EditorState.languageData.of(() => [{ autocomplete: completeAnyWord }]),
  ];
};

/** Where a run found an error: its line, its column when the compiler or runtime gave one, and what it said. */
export interface ErrorMark {
  readonly line: number;
  readonly column?: number | undefined;
  readonly message?: string | undefined;
}

/** Where a run found errors (every compile error, decision 1104): each line marked, and the character at a known column. Cleared by the next run. */
const setErrorMarks = StateEffect.define<readonly ErrorMark[]>();
const errorMarks = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = marks.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorMarks)) continue;
      const doc = transaction.state.doc;
      const byLine = new Map<number, ErrorMark[]>();
      for (const at of effect.value) if (at.line >= 1 && at.line <= doc.lines) byLine.set(at.line, [...(byLine.get(at.line) ?? []), at]);
      const ranges = [...byLine].flatMap(([number, here]) => {
        const line = doc.line(number);
        const title = here.map((at) => `Error on line ${number}${at.column ? `, column ${at.column}` : ''}${at.message ? `: ${at.message}` : ''}`).join('\n');
        const columns = here.flatMap((at) => (at.column ? [Math.min(line.to, line.from + at.column - 1)] : [])).filter((from) => from < line.to);
        return [
          Decoration.line({ class: 'cm-error-line', attributes: { title } }).range(line.from),
          ...[...new Set(columns)].map((from) => Decoration.mark({ class: 'cm-error-mark' }).range(from, from + 1)),
        ];
      });
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
  setLanguage(language: LanguageId): void;
  setReadOnly(readOnly: boolean): void;
  /** Marks where a run failed (lines and columns from 1; every compile error); null clears the marks. */
  markError(at: readonly ErrorMark[] | null): void;
  /** Puts the cursor at a line and column (from 1) and the focus in the editor. */
  focusAt(line: number, column: number): void;
  /** Inserts `text` at the cursor (over the selection), as one edit; answers where it starts (from 1). */
  insertAtCursor(text: string): { line: number; column: number };
}

export interface EditorOptions {
  code: string;
  language: LanguageId;
  /** The editor's accessible name ("Your code for question 3"). */
  label: string;
  /** Said under the editor, and to screen readers with the editor (how to leave it). */
  hint: string;
  onChange: (code: string) => void;
  /** Esc was pressed: Tab now leaves the editor (the page announces it). */
  onEscape: () => void;
  /** An SQL question's tables and their columns: the SQL completion offers them (decision 1123). */
  sqlSchema?: SqlCompletionSchema;
}

/** A code editor inside `host` (its shadow root), calling `onChange` with the whole text on every edit. */
export function createCodeEditor(host: HTMLElement, options: EditorOptions): CodeEditor {
  const root = host.attachShadow({ mode: 'open' });
  const lock = new Compartment();
  const language = new Compartment();
  const look = new Compartment();
  const scheme = darkSchemeQuery();
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
        // Suggestions as one types (Ctrl+Space asks); Enter takes one, Esc closes the list (decision 669).
        // Its keys are ours (below): its own Esc, at the highest precedence, would close the list and leave Tab
        // indenting, where one Esc must also let Tab out (decision 140).
        autocompletion({ defaultKeymap: false }),
        highlightActiveLine(),
        // Ctrl+F opens the search panel above the code; F3/Ctrl+G find the next match.
        search({ top: true }),
        highlightSelectionMatches(),
        language.of(languageSupport(options.language, [])),
        errorMarks,
        Prec.high(
          keymap.of([
            {
              key: 'Escape',
              run: (target) => {
                // One Esc closes the suggestions and lets Tab out, as the hint says (decision 140).
                if (completionStatus(target.state) !== null) closeCompletion(target);
                simplifySelection(target);
                target.setTabFocusMode(UNTIL_ANOTHER_KEY_MS);
                options.onEscape();
                return true;
              },
            },
          ]),
        ),
        // Over the default keys: with the list open, arrows and Enter move in it and take a suggestion.
        Prec.high(keymap.of(completionKeymap.filter((binding) => binding.key !== 'Escape'))),
        keymap.of([...closeBracketsKeymap, ...searchKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
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
        look.of(themeFor(scheme?.matches === true)),
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
  // The system's colour scheme, followed while the page is open; a new text size, measured again.
  scheme?.addEventListener('change', (change) => view.dispatch({ effects: look.reconfigure(themeFor(change.matches)) }));
  editorFontSize.get();
  editorFontSize.watch(() => view.requestMeasure());
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(HINT_CSS);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];

  // The mode arrives after the editor (its chunk may be fetched first); only the language still chosen is applied.
  let shown = options.language;
  const applyMode = (next: LanguageId): void => {
    shown = next;
    void loadMode(next, options.sqlSchema).then((mode) => {
      if (shown === next) view.dispatch({ effects: language.reconfigure(languageSupport(next, mode)) });
    });
  };
  applyMode(options.language);

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
      view.dispatch({ effects: language.reconfigure(languageSupport(next, [])) });
      applyMode(next);
    },
    setReadOnly(value: boolean) {
      view.dispatch({ effects: lock.reconfigure(value ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : []) });
    },
    markError(at) {
      view.dispatch({ effects: setErrorMarks.of(at ?? []) });
    },
    focusAt(line, column) {
      const anchor = positionOf(line, column);
      view.dispatch({ selection: { anchor }, effects: EditorView.scrollIntoView(anchor, { y: 'center' }) });
      view.focus();
    },
    insertAtCursor(text) {
      const { from, to } = view.state.selection.main;
      const start = view.state.doc.lineAt(from);
      view.dispatch({
        changes: { from, to, insert: text },
        selection: { anchor: from + text.length },
        userEvent: 'input.assistant',
        scrollIntoView: true,
      });
      return { line: start.number, column: from - start.from + 1 };
    },
  };
}
