import { h } from '../lib/dom.js';
import type { CodeSurface } from './editor-loader.js';

export interface PlainCodeBox extends CodeSurface {
  readonly element: HTMLElement;
  /** Where the caret is (line and column from 1) while the box has the focus; null otherwise. */
  caret(): { line: number; column: number } | null;
}

/**
 * The code as plain text while the editor cannot be loaded (decision 662): a text area that keeps the candidate's
 * code, saved and submitted like the editor's. Tab leaves it as it leaves any text area; nothing is highlighted.
 */
export function plainCodeBox(options: { id: string; code: string; label: string; onChange: (code: string) => void }): PlainCodeBox {
  const noticeId = `code-fallback-notice-${options.id}`;
  const box = h('textarea', {
    class: 'code-fallback',
    'data-testid': `code-fallback-${options.id}`,
    'aria-label': options.label,
    'aria-describedby': noticeId,
    rows: 14,
    wrap: 'off',
    spellcheck: 'false',
    autocapitalize: 'off',
    autocomplete: 'off',
  });
  box.value = options.code;
  box.addEventListener('input', () => options.onChange(box.value));
  const element = h(
    'div',
    { class: 'code-fallback-wrap' },
    h(
      'p',
      { id: noticeId, class: 'notice notice-warn', 'data-testid': `code-fallback-notice-${options.id}` },
      'The code editor could not be loaded, so this is a plain text box: your code here is saved and submitted as usual. ',
      'The editor is tried again when the connection comes back and when you open this section again.',
    ),
    box,
  );
  const offset = (line: number, column: number): number => {
    const lines = box.value.split('\n');
    const row = Math.min(Math.max(1, line), lines.length);
    const before = lines.slice(0, row - 1).reduce((sum, text) => sum + text.length + 1, 0);
    return before + Math.min(Math.max(0, column - 1), lines[row - 1]!.length);
  };
  return {
    element,
    getCode: () => box.value,
    setCode(code) {
      box.value = code;
    },
    setLanguage: () => undefined,
    setReadOnly(readOnly) {
      box.readOnly = readOnly;
    },
    markError: () => undefined,
    focusAt(line, column) {
      const at = offset(line, column);
      box.focus();
      box.setSelectionRange(at, at);
    },
    insertAtCursor(text) {
      const from = box.selectionStart;
      const before = box.value.slice(0, from).split('\n');
      box.setRangeText(text, from, box.selectionEnd, 'end');
      // setRangeText fires no input event: the box's own listener sends the code.
      box.dispatchEvent(new Event('input', { bubbles: true }));
      return { line: before.length, column: before.at(-1)!.length + 1 };
    },
    caret() {
      if (document.activeElement !== box) return null;
      const before = box.value.slice(0, box.selectionStart).split('\n');
      return { line: before.length, column: before.at(-1)!.length + 1 };
    },
  };
}
