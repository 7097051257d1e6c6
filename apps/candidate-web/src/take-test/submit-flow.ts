import type { CandidateSession } from '@assay/domain/candidate';
import { closeAllModals } from '../lib/modal.js';
import { setPageTitle } from '../lib/page-title.js';
import type { AttemptStage } from './attempt-stage.js';
import type { FinishReason } from './finish-views.js';
import { allows, type SubmitReason } from './phase.js';
import { submitAttempt } from './submit-attempt.js';
import { SubmitDialog } from './submit-dialog.js';
import type { TestPageState } from './test-page-state.js';
import { TimeUpOverlay } from './time-up-overlay.js';

/**
 * Submitting, as the page does it: the candidate's Submit confirmed first, the test locked while it goes, and on
 * time-up an overlay that says how it goes until the server answers. The steps and their retries: submit-attempt.ts.
 */
export class SubmitFlow {
  private overlay: TimeUpOverlay | null = null;

  /** `finish` shows the end once the server says the attempt is over. */
  constructor(
    private readonly state: TestPageState,
    private readonly attempt: AttemptStage,
    private readonly finish: (session: CandidateSession, reason: FinishReason) => void,
  ) {}

  /** The candidate pressed Submit: what is unanswered or refused, then the submit or back to work. */
  confirm(): void {
    if (!allows(this.state.phase, 'submit') || !this.state.session) return;
    const refused = this.attempt.refusedAnswers();
    const dialog = new SubmitDialog(
      this.state.session.test.sections,
      this.attempt.counted(),
      () => this.submit('submitted'),
      () => {
        // Back to the test: its title again (unless the attempt ended meanwhile).
        const view = this.attempt.view;
        if (view && (this.state.phase.kind === 'running' || this.state.phase.kind === 'refreshing')) setPageTitle(view.sectionTitle(), this.state.testName);
      },
      refused,
    );
    setPageTitle('Submit your test?', this.state.testName);
    dialog.open(this.state.root);
  }

  /** Null once the attempt has ended; else why not (a candidate's own submit that failed: the dialog says so). */
  async submit(reason: SubmitReason): Promise<string | null> {
    if (!allows(this.state.phase, 'submit')) return null;
    this.state.phase = { kind: 'submitting', reason };
    this.attempt.view?.lock(true);
    const outcome = await submitAttempt(reason, {
      flush: (timeoutMs) => this.attempt.flush(timeoutMs),
      submit: () => this.state.synced(() => this.state.api.submit()),
      session: () => this.state.synced(() => this.state.api.session()),
      progress: (text) => this.showTimeUp(text),
    });
    if (outcome.kind === 'ended') {
      this.finish(outcome.session, reason);
      return null;
    }
    if (this.state.phase.kind === 'submitting') {
      this.state.phase = { kind: 'running' };
      this.attempt.view?.lock(false);
    }
    return outcome.message;
  }

  private showTimeUp(text: string): void {
    // Any question the page was asking (submit, reset, language) is moot now.
    closeAllModals();
    this.overlay ??= new TimeUpOverlay();
    setPageTitle('Time is up', this.state.testName);
    this.overlay.show(this.state.root, text);
  }
}
