import { h } from '../lib/dom.js';
import { CLIPBOARD_BLOCKED } from './violation-words.js';

const BLOCKED = ['copy', 'cut', 'paste', 'drop', 'dragstart'] as const;

/**
 * Copy-paste turned off (`copyPasteAllowed: false`): copy, cut, paste and drag-and-drop of text are stopped in the
 * capture phase on each question's element, before a text box or the code editor sees them (CodeMirror handles
 * paste and drop on its content element, below this one). Registered after `QuestionSignals.watch`, so a blocked
 * paste is still recorded by its size (decision 945). The candidate is told why once, above the question.
 */
export class ClipboardGuard {
  private told = false;

  watch(element: HTMLElement): void {
    for (const type of BLOCKED) {
      element.addEventListener(
        type,
        (event) => {
          event.preventDefault();
          event.stopPropagation();
          this.tell(element);
        },
        { capture: true },
      );
    }
  }

  /** Above the question where it happened; an alert, so screen readers say it as it appears. */
  private tell(question: HTMLElement): void {
    if (this.told) return;
    this.told = true;
    question.prepend(h('p', { class: 'notice notice-warn', role: 'alert', 'data-testid': 'clipboard-blocked' }, CLIPBOARD_BLOCKED));
  }
}
