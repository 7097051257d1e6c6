import { h } from '../lib/dom.js';
import { editorFontSize, FONT_SIZES } from './editor-prefs.js';

/** A select of the code's text size, beside the editor; the choice applies to every editor and is remembered. */
export function fontSizeControl(questionId: string): HTMLElement {
  const id = `font-size-${questionId}`;
  const select = h(
    'select',
    { id, class: 'font-size-select', 'data-testid': id },
    FONT_SIZES.map((size) => h('option', { value: String(size) }, `${size} px`)),
  );
  select.value = String(editorFontSize.get());
  select.addEventListener('change', () => editorFontSize.set(Number(select.value)));
  // Another question's select changed it: this one shows the same.
  editorFontSize.watch((size) => {
    select.value = String(size);
  });
  return h('div', { class: 'font-size' }, h('label', { for: id }, 'Code text size'), select);
}
