import { h } from './dom.js';

/** How long a live region stays empty before the new words go in: long enough for screen readers to see a change. */
const SETTLE_MS = 60;

/**
 * A polite live region that says each message once, the same words twice in a row included (it empties
 * first). It must be in the page before the first message: a region inserted with its text is often not read.
 */
export class LiveRegion {
  readonly element: HTMLElement;
  private timer: number | undefined;

  constructor(options: { testId?: string; visible?: boolean } = {}) {
    this.element = h('p', { class: options.visible ? 'live-region' : 'sr-only', role: 'status', 'data-testid': options.testId });
  }

  say(text: string): void {
    window.clearTimeout(this.timer);
    this.element.textContent = '';
    this.timer = window.setTimeout(() => {
      this.element.textContent = text;
    }, SETTLE_MS);
  }
}
