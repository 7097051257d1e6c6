import { h, type Child } from './dom.js';

let modals = 0;
/** The modals showing now: `closeAllModals` takes them away (the time is up). */
const showing = new Set<Modal>();

export function closeAllModals(): void {
  for (const modal of [...showing]) {
    modal.busy = false;
    modal.close();
  }
}

const focusable = (root: HTMLElement): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
    (element) => !element.hasAttribute('disabled') && !element.hidden,
  );

/**
 * A modal dialog (the browser's `<dialog>`, shown modal: the page behind is inert). Tab and Shift+Tab go
 * round its controls and never leave it; Esc cancels unless `busy`; closing takes it away and gives the focus
 * back to where it was when it opened.
 */
export class Modal {
  readonly dialog: HTMLDialogElement;
  /** While true, Esc does nothing (a submit on its way). */
  busy = false;
  private opener: HTMLElement | null = null;

  constructor(options: { title: string; content: Child; actions: HTMLElement[]; testId?: string; onClose?: () => void }) {
    const id = `modal-${++modals}`;
    this.dialog = h(
      'dialog',
      { class: 'dialog', 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-body`, 'data-testid': options.testId },
      h('h2', { id: `${id}-title` }, options.title),
      h('div', { id: `${id}-body`, class: 'dialog-body' }, options.content),
      h('div', { class: 'dialog-actions' }, options.actions),
    );
    this.dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (!this.busy) this.close();
    });
    this.dialog.addEventListener('keydown', (event) => {
      if (event.key !== 'Tab') return;
      const controls = focusable(this.dialog);
      const first = controls[0];
      const last = controls.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !this.dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !this.dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    });
    this.dialog.addEventListener('close', () => {
      showing.delete(this);
      this.dialog.remove();
      options.onClose?.();
      // Back where it was, unless something else has taken the focus meanwhile (the time-up notice).
      const active = document.activeElement;
      if (this.opener?.isConnected && (!active || active === document.body || this.dialog.contains(active))) this.opener.focus();
    });
  }

  /** Shows it in `parent`, focus on `focus` (the safe choice). */
  open(parent: HTMLElement, focus: HTMLElement): void {
    this.opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    parent.append(this.dialog);
    showing.add(this);
    if (typeof this.dialog.showModal === 'function') this.dialog.showModal();
    else this.dialog.setAttribute('open', '');
    focus.focus();
  }

  close(): void {
    if (this.dialog.open) this.dialog.close();
    else if (this.dialog.isConnected) this.dialog.dispatchEvent(new Event('close'));
  }
}

export interface Choice<T> {
  readonly label: string;
  readonly value: T;
  readonly primary?: boolean;
  readonly testId?: string;
}

/**
 * Asks a question in a modal: resolves with the chosen value, or null when cancelled (the cancel button or
 * Esc). The focus starts on the cancel button, the choice that changes nothing.
 */
export function ask<T>(
  parent: HTMLElement,
  question: { title: string; text: Child; choices: Choice<T>[]; cancel: string; testId?: string },
): Promise<T | null> {
  return new Promise((resolve) => {
    let answer: T | null = null;
    const cancel = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': 'dialog-cancel' }, question.cancel);
    const buttons = question.choices.map((choice) =>
      h(
        'button',
        {
          type: 'button',
          class: `button ${choice.primary ? 'button-primary' : 'button-secondary'}`,
          'data-testid': choice.testId,
          onclick: () => {
            answer = choice.value;
            modal.close();
          },
        },
        choice.label,
      ),
    );
    const modal: Modal = new Modal({
      title: question.title,
      content: typeof question.text === 'string' ? h('p', null, question.text) : question.text,
      actions: [cancel, ...buttons],
      ...(question.testId ? { testId: question.testId } : {}),
      onClose: () => resolve(answer),
    });
    cancel.addEventListener('click', () => modal.close());
    modal.open(parent, cancel);
  });
}
