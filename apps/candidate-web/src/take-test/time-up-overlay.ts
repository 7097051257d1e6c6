import { h } from '../lib/dom.js';

/** Covers the test while the time-up submit runs, and says how it is going. */
export class TimeUpOverlay {
  private readonly element: HTMLElement;
  private readonly text: HTMLElement;

  constructor() {
    this.text = h('p', { id: 'overlay-text', tabindex: '-1' }, '');
    this.element = h(
      'div',
      { class: 'overlay', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'overlay-text' },
      h('div', { class: 'overlay-box' }, this.text),
    );
  }

  show(parent: HTMLElement, text: string): void {
    if (!this.element.isConnected) parent.append(this.element);
    this.text.textContent = text;
    this.text.focus();
  }
}
