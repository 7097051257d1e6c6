import type { CandidateSection } from '@assay/domain/candidate';
import { unansweredBySection, questionsOf, type Answers } from '../answers.js';
import { h, isBusy, setBusy } from '../lib/dom.js';
import { plural } from '../lib/format.js';
import { Modal } from '../lib/modal.js';

/** An answer the server refused: which question, and the server's words. */
export interface RefusedAnswer {
  label: string;
  message: string;
}

/**
 * The "Submit your test?" dialog: what is unanswered, the answers the server refused (named, never counted as
 * answered: decision 661), then the submit or back to work.
 */
export class SubmitDialog {
  private readonly modal: Modal;
  private readonly cancel: HTMLButtonElement;

  /**
   * `submit` resolves with null once submitted, or with why not (the dialog then offers it again); while it
   * runs the dialog cannot be dismissed, and the focus stays on the busy button. `onClose`: back to the test.
   */
  constructor(
    sections: CandidateSection[],
    answers: Answers,
    submit: () => Promise<string | null>,
    onClose?: () => void,
    /** `answers` already leaves these out. */
    refused: readonly RefusedAnswer[] = [],
  ) {
    const total = sections.reduce((sum, section) => sum + questionsOf(section).length, 0);
    const gaps = unansweredBySection(sections, answers);
    const unanswered = gaps.reduce((sum, entry) => sum + entry.count, 0);
    const error = h('p', { class: 'notice notice-error', role: 'alert', hidden: true });
    const cancel = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': 'cancel-submit' }, 'Keep working');
    this.cancel = cancel;
    const confirm = h('button', { type: 'button', class: 'button button-primary', 'data-testid': 'confirm-submit' }, 'Submit test');
    this.modal = new Modal({
      title: 'Submit your test?',
      testId: 'submit-dialog',
      content: [
        h(
          'p',
          { 'data-testid': 'submit-summary' },
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
        refused.length > 0
          ? [
              h(
                'p',
                { class: 'notice notice-error', 'data-testid': 'submit-refused-summary' },
                refused.length === 1
                  ? 'This answer was not saved, and does not count as answered:'
                  : `These ${refused.length} answers were not saved, and do not count as answered:`,
              ),
              h(
                'ul',
                { class: 'refused-answers', 'data-testid': 'submit-refused' },
                refused.map((entry) => h('li', null, h('strong', null, `${entry.label}: `), entry.message)),
              ),
              h('p', null, 'Keep working to fix them, or submit without them.'),
            ]
          : null,
        h('p', null, 'Once you submit, you cannot change your answers.'),
        error,
      ],
      actions: [cancel, confirm],
      ...(onClose ? { onClose } : {}),
    });
    cancel.addEventListener('click', () => {
      if (!this.modal.busy) this.close();
    });
    confirm.addEventListener('click', async () => {
      if (isBusy(confirm)) return;
      this.modal.busy = true;
      setBusy(confirm, true, 'Submitting…');
      cancel.disabled = true;
      error.hidden = true;
      const failure = await submit();
      this.modal.busy = false;
      if (failure) {
        error.textContent = failure;
        error.hidden = false;
        setBusy(confirm, false, 'Submit test');
        cancel.disabled = false;
      }
    });
  }

  open(parent: HTMLElement): void {
    this.modal.open(parent, this.cancel);
  }

  close(): void {
    this.modal.close();
  }
}
