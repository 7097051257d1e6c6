import { LiveRegion } from '../lib/live-region.js';
import { h } from '../lib/dom.js';
import { plural } from '../lib/format.js';
import type { SaveState } from './answer-sync.js';
import { askingLine, type AskingOrg } from '../views/who-is-asking.js';

const SAVE_TEXT: Record<Exclude<SaveState, 'rejected'>, string> = {
  idle: 'Saves automatically',
  saving: 'Saving…',
  saved: 'Saved',
  offline: 'Offline — will retry',
};

/** The sticky bar over the test: its name (the page's h1) and whose it is, the save status, the timer and the submit button. */
export class TopBar {
  readonly element: HTMLElement;
  /** The timer and its digits, for the countdown. */
  readonly timer: HTMLElement;
  readonly timerValue: HTMLElement;
  private readonly saveStatus: HTMLElement;
  /** What a screen reader hears of saving: once per burst of edits, not on every keystroke. */
  private readonly saveNews = new LiveRegion({ testId: 'save-announcement' });
  private lastState: SaveState = 'idle';
  private lastMessage: string | null = null;
  private readonly submit: HTMLButtonElement;

  constructor(testName: string, org: AskingOrg, hasDeadline: boolean, onSubmit: () => void) {
    // Shown, not announced (the announcements are `saveNews`).
    this.saveStatus = h('span', { class: 'save-status state-idle', 'data-testid': 'save-status' }, SAVE_TEXT.idle);
    this.timerValue = h('span', { class: 'timer-value', 'data-testid': 'timer' }, hasDeadline ? '' : '—');
    this.timer = h(
      'div',
      { class: 'timer', role: 'timer', 'aria-label': hasDeadline ? 'Time left' : 'No time limit' },
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
        h('div', { class: 'topbar-heading' }, h('h1', { class: 'topbar-title' }, testName), askingLine(org, 'topbar-org')),
        h('div', { class: 'topbar-status' }, this.saveStatus, this.saveNews.element),
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
    this.announce(state, detail.message);
  }

  /** "Saving…" is never said; "Saved" once a burst of edits is in; going offline and a refusal once each. */
  private announce(state: SaveState, message: string | null): void {
    const previous = this.lastState;
    const previousMessage = this.lastMessage;
    this.lastState = state;
    this.lastMessage = message;
    if (state === 'saved' && previous !== 'saved' && previous !== 'idle') this.saveNews.say('All answers saved.');
    else if (state === 'offline' && previous !== 'offline')
      this.saveNews.say('Offline. Your answers are kept in this browser and sent when the connection is back.');
    else if (state === 'rejected' && (previous !== 'rejected' || message !== previousMessage))
      this.saveNews.say(`Not saved: ${message ?? 'the server refused the answer'}`);
  }

  lock(locked: boolean): void {
    this.submit.disabled = locked;
  }
}
