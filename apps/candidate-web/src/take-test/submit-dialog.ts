import type { CandidateSection } from '@assay/domain';
import { unansweredBySection, questionsOf, type Answers } from '../answers.js';
import { h } from '../lib/dom.js';
import { plural } from '../lib/format.js';

/** The "Submit your test?" dialog: what is unanswered, then the submit or back to work. */
export class SubmitDialog {
  private readonly dialog: HTMLDialogElement;
  private readonly cancel: HTMLButtonElement;

  /**
   * `submit` resolves with null once submitted, or with why not (the dialog then offers it again); while it
   * runs the dialog cannot be dismissed.
   */
  constructor(sections: CandidateSection[], answers: Answers, submit: () => Promise<string | null>) {
    const total = sections.reduce((sum, section) => sum + questionsOf(section).length, 0);
    const gaps = unansweredBySection(sections, answers);
    const unanswered = gaps.reduce((sum, entry) => sum + entry.count, 0);
    const error = h('p', { class: 'notice notice-error', role: 'alert', hidden: true });
    const cancel = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': 'cancel-submit' }, 'Keep working');
    this.cancel = cancel;
    const confirm = h('button', { type: 'button', class: 'button button-primary', 'data-testid': 'confirm-submit' }, 'Submit test');
    this.dialog = h(
      'dialog',
      { class: 'dialog', 'aria-labelledby': 'submit-title', 'aria-describedby': 'submit-summary' },
      h('h2', { id: 'submit-title' }, 'Submit your test?'),
      h(
        'p',
        { id: 'submit-summary', 'data-testid': 'submit-summary' },
        `You have answered ${total - unanswered} of ${plural(total, 'question')}.`,
        unanswered > 0 ? ` ${unanswered === 1 ? '1 question is' : `${unanswered} questions are`} unanswered.` : ' Every question has an answer.',
      ),
      gaps.length > 1 || (gaps.length === 1 && sections.length > 1)
        ? h(
            'ul',
            { class: 'unanswered' },
            gaps.map((entry) => h('li', null, `${entry.name}: ${entry.count} unanswered`)),
          )
        : null,
      h('p', null, 'Once you submit, you cannot change your answers.'),
      error,
      h('div', { class: 'dialog-actions' }, cancel, confirm),
    );
    let busy = false;
    cancel.addEventListener('click', () => this.close());
    this.dialog.addEventListener('cancel', (event) => {
      if (busy) event.preventDefault();
    });
    this.dialog.addEventListener('close', () => this.dialog.remove());
    confirm.addEventListener('click', async () => {
      busy = true;
      confirm.disabled = true;
      cancel.disabled = true;
      confirm.textContent = 'Submitting…';
      error.hidden = true;
      const failure = await submit();
      busy = false;
      if (failure) {
        error.textContent = failure;
        error.hidden = false;
        confirm.disabled = false;
        cancel.disabled = false;
        confirm.textContent = 'Submit test';
      }
    });
  }

  open(parent: HTMLElement): void {
    parent.append(this.dialog);
    if (typeof this.dialog.showModal === 'function') this.dialog.showModal();
    else this.dialog.setAttribute('open', '');
    this.cancel.focus();
  }

  close(): void {
    if (this.dialog.open) this.dialog.close();
    this.dialog.remove();
  }
}
