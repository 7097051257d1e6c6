import { h } from '../lib/dom.js';
import { plural } from '../lib/format.js';
import type { SaveState } from './answer-sync.js';

const SAVE_TEXT: Record<Exclude<SaveState, 'rejected'>, string> = {
  idle: 'Answers save automatically',
  saving: 'Saving…',
  saved: 'Saved',
  offline: 'Offline — will retry',
};

/** The sticky bar over the test: its name, the save status, the timer and the submit button. */
export class TopBar {
  readonly element: HTMLElement;
  /** The timer and its digits, for the countdown. */
  readonly timer: HTMLElement;
  readonly timerValue: HTMLElement;
  private readonly saveStatus: HTMLElement;
  private readonly submit: HTMLButtonElement;

  constructor(testName: string, hasDeadline: boolean, onSubmit: () => void) {
    this.saveStatus = h('span', { class: 'save-status state-idle', 'data-testid': 'save-status', role: 'status', 'aria-live': 'polite' }, SAVE_TEXT.idle);
    this.timerValue = h('span', { class: 'timer-value', 'data-testid': 'timer' }, hasDeadline ? '' : '—');
    this.timer = h(
      'div',
      { class: 'timer', role: 'timer', 'aria-label': 'Time left' },
      h('span', { class: 'timer-label', 'aria-hidden': 'true' }, 'Time left'),
      this.timerValue,
    );
    this.submit = h(
      'button',
      { type: 'button', class: 'button button-primary topbar-submit', 'data-testid': 'submit-button', onclick: onSubmit },
      'Submit test',
    );
    this.element = h(
      'header',
      { class: 'topbar' },
      h(
        'div',
        { class: 'topbar-inner' },
        h('p', { class: 'topbar-title' }, testName),
        h('div', { class: 'topbar-status' }, this.saveStatus),
        this.timer,
        this.submit,
      ),
    );
  }

  showSaveState(state: SaveState, detail: { unsaved: number; message: string | null }): void {
    const text = state === 'rejected' ? `Not saved: ${detail.message ?? 'the server refused the answer'}` : SAVE_TEXT[state];
    this.saveStatus.className = `save-status state-${state}`;
    this.saveStatus.title = detail.unsaved > 0 ? `${plural(detail.unsaved, 'answer')} not saved yet` : '';
    if (this.saveStatus.textContent !== text) this.saveStatus.textContent = text;
  }

  lock(locked: boolean): void {
    this.submit.disabled = locked;
  }
}
