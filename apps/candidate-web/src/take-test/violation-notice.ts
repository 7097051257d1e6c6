import type { SessionViolationRules, ViolationCounts } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';
import { closeAllModals, Modal } from '../lib/modal.js';
import { departureWarning } from './violation-words.js';

/**
 * Answers the server's count after each departure (the server decides, decision 942): a warning dialog when the test
 * asks for one, and the end when the server says the attempt was terminated. Each count is warned about once.
 */
export class ViolationNotice {
  private warned: number;
  private modal: Modal | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly rules: SessionViolationRules | undefined,
    counted: number,
    private readonly onTerminated: () => void,
  ) {
    this.warned = counted;
  }

  counted(counts: ViolationCounts): void {
    if (counts.terminated) {
      closeAllModals();
      this.onTerminated();
      return;
    }
    if (counts.wv <= this.warned) return;
    this.warned = counts.wv;
    const text = departureWarning(this.rules, counts.wv);
    if (text === null) return;
    this.modal?.close();
    const back = h('button', { type: 'button', class: 'button button-primary', 'data-testid': 'violation-warning-ok' }, 'Back to the test');
    const modal = new Modal({
      title: 'You left the test window',
      content: h('p', { 'data-testid': 'violation-warning-text' }, text),
      actions: [back],
      testId: 'violation-warning',
      onClose: () => {
        if (this.modal === modal) this.modal = null;
      },
    });
    back.addEventListener('click', () => modal.close());
    this.modal = modal;
    modal.open(this.root, back);
  }
}
