import type { CandidateSession, SessionViolationRules, ViolationCounts } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';
import { closeAllModals, Modal } from '../lib/modal.js';
import { cameraWarning, departureWarning } from './violation-words.js';

/** What the server answers after an image violation it counted (a snapshot or the camera-off event): decision 971. */
export interface ImageCounts {
  readonly iv?: number | undefined;
  readonly terminated?: boolean | undefined;
}

/**
 * Answers the server's counts after each departure and each image violation (the server decides, decision 942): a
 * warning dialog when the test asks for one, and the end when the server says the attempt was terminated. Each count
 * is warned about once.
 */
export class ViolationNotice {
  private warned: number;
  private warnedImages: number;
  private modal: Modal | null = null;
  private readonly rules: SessionViolationRules | undefined;

  /** Counts from where the session stands: a reloaded page does not warn again about violations already warned of. */
  constructor(
    private readonly root: HTMLElement,
    session: Pick<CandidateSession, 'violationRules' | 'windowViolations' | 'imageViolations'>,
    private readonly onTerminated: () => void,
  ) {
    this.rules = session.violationRules;
    this.warned = session.windowViolations ?? 0;
    this.warnedImages = session.imageViolations ?? 0;
  }

  counted(counts: ViolationCounts): void {
    if (this.ended(counts)) return;
    if (counts.iv !== undefined) this.imageCounted(counts);
    if (counts.wv <= this.warned) return;
    this.warned = counts.wv;
    this.warn('You left the test window', departureWarning(this.rules, counts.wv));
  }

  /** After a snapshot or a camera-off event: a warning for each newly counted image violation (decision 975). */
  imageCounted(counts: ImageCounts): void {
    if (this.ended(counts)) return;
    if (counts.iv === undefined || counts.iv <= this.warnedImages) return;
    this.warnedImages = counts.iv;
    this.warn('Your camera is not showing you', cameraWarning(this.rules, counts.iv));
  }

  private ended(counts: ImageCounts): boolean {
    if (!counts.terminated) return false;
    closeAllModals();
    this.onTerminated();
    return true;
  }

  private warn(title: string, text: string | null): void {
    if (text === null) return;
    this.modal?.close();
    const back = h('button', { type: 'button', class: 'button button-primary', 'data-testid': 'violation-warning-ok' }, 'Back to the test');
    const modal = new Modal({
      title,
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
