import { h, isBusy, setBusy } from '../lib/dom.js';
import { runButtonLabel } from './run-progress.js';

/**
 * A Run button with its Cancel button (shown only while a run is on its way, next in the tab order) and the
 * line that says where the run is ("Queued (2 ahead)", "Running…"); the busy button says the same in a word. The line is no live region: it changes
 * with every place in the queue, and the page says the news once through its own region.
 */
export class RunControls {
  readonly cancel: HTMLButtonElement;
  readonly progress: HTMLElement;
  private readonly label: string;

  constructor(
    readonly button: HTMLButtonElement,
    testIds: { cancel: string; progress: string },
    onRun: (() => void) | null,
    onCancel: () => void,
  ) {
    this.label = button.textContent ?? '';
    if (onRun) button.addEventListener('click', onRun);
    this.cancel = h('button', { type: 'button', class: 'button button-secondary button-cancel', 'data-testid': testIds.cancel, hidden: true }, 'Cancel run');
    this.cancel.addEventListener('click', () => {
      if (this.cancel.getAttribute('aria-disabled') === 'true') return;
      setBusy(this.cancel, true, 'Cancelling…');
      onCancel();
    });
    this.progress = h('p', { class: 'run-progress', 'data-testid': testIds.progress, hidden: true });
  }

  /** A run starts: the button keeps the focus but takes no press; Cancel is offered. */
  begin(): void {
    setBusy(this.button, true, runButtonLabel(''));
    setBusy(this.cancel, false, 'Cancel run');
    this.cancel.hidden = false;
  }

  /** The line, and the busy button's word for the same state. */
  showProgress(line: string): void {
    this.progress.textContent = line;
    this.progress.hidden = line === '';
    if (isBusy(this.button) && line !== '') setBusy(this.button, true, runButtonLabel(line));
  }

  /** The run ended: Cancel goes (the focus, if it was there, back to the Run button). */
  end(): void {
    const cancelHadFocus = document.activeElement === this.cancel;
    this.cancel.hidden = true;
    this.showProgress('');
    setBusy(this.button, false, this.label);
    if (cancelHadFocus) this.button.focus();
  }
}
