import { isAttemptRunning, sessionPhase, type CandidateSession } from '@assay/domain/candidate';
import { failureOf } from '../api/failure.js';
import { timeIsUpOnServer } from '../lib/clock.js';
import { focusHeading, replaceChildren, showPage } from '../lib/dom.js';
import { setPageTitle } from '../lib/page-title.js';
import { Camera } from '../proctoring/camera.js';
import { errorView, loadingView } from '../views/page-states.js';
import { AttemptProctoring } from './attempt-proctoring.js';
import { AttemptStage } from './attempt-stage.js';
import { askFeedback } from './feedback-form.js';
import { cancelledView, finishReasonOf, finishedView, type FinishReason } from './finish-views.js';
import { LandingStage } from './landing-stage.js';
import { LocalAttempt } from './local-attempt.js';
import { FINISH_TITLE } from './page-titles.js';
import { allows, unreachable } from './phase.js';
import { redirectCountdownFor } from './redirect-countdown.js';
import { SubmitFlow } from './submit-flow.js';
import { TabPresence } from './tab-presence.js';
import { TestPageState } from './test-page-state.js';
import { TimeKeeper } from './time-keeper.js';

/**
 * The take-test page: landing, the test itself, and the end. The views draw; this decides what happens — which
 * stage the server's session calls for, when to ask the server again, and what stops when the attempt ends. Its
 * parts share one state (test-page-state.ts): the landing (landing-stage.ts), the attempt on screen
 * (attempt-stage.ts), its proctoring (attempt-proctoring.ts) and submitting (submit-flow.ts).
 */
export class TestPage {
  private readonly state: TestPageState;
  private readonly local: LocalAttempt;
  /** Other tabs on this invitation, while the test runs. */
  private readonly tabs: TabPresence;
  private readonly landing: LandingStage;
  private readonly attempt: AttemptStage;
  private readonly proctoring: AttemptProctoring;
  private readonly submitting: SubmitFlow;
  private readonly time: TimeKeeper;
  private camera: Camera | null = null;

  constructor(root: HTMLElement, token: string) {
    const state = (this.state = new TestPageState(root, token));
    this.local = new LocalAttempt(token);
    this.tabs = new TabPresence(token, (others) => this.attempt.view?.showOtherTabs(others));
    this.landing = new LandingStage(state, { route: (session) => this.route(session), ensureCamera: () => this.ensureCamera() });
    this.attempt = new AttemptStage(state, this.local, { refresh: () => void this.refresh(), confirmSubmit: () => this.submitting.confirm() });
    this.proctoring = new AttemptProctoring(state, () => void this.refresh());
    this.submitting = new SubmitFlow(state, this.attempt, (session, reason) => this.finish(session, reason));
    this.time = new TimeKeeper(
      state.clock,
      () => state.session?.deadline,
      () => allows(state.phase, 'tick'),
      (remainingMs) => this.attempt.view?.countdown.show(remainingMs),
      () => void this.refresh(),
    );
  }

  async boot(): Promise<void> {
    const { root } = this.state;
    this.state.phase = { kind: 'loading' };
    setPageTitle('Loading your test');
    replaceChildren(root, loadingView('Loading your test…'));
    let session: CandidateSession;
    try {
      session = await this.state.synced(() => this.state.api.session());
    } catch (error) {
      const failure = failureOf(error);
      this.state.phase = { kind: 'failed' };
      setPageTitle('Your test could not be loaded');
      replaceChildren(root, errorView('We could not load your test', failure.message, failure.retryable ? () => void this.boot() : undefined));
      focusHeading(root.querySelector('h1'));
      return;
    }
    this.route(session);
  }

  private route(session: CandidateSession): void {
    this.landing.stopWatchingOpening();
    const stage = sessionPhase(session.state);
    switch (stage) {
      case 'attempt':
        this.run(session);
        return;
      case 'finished':
        this.local.forget();
        this.showFinished(session, finishReasonOf(session, 'alreadyCompleted'), []);
        return;
      case 'cancelled':
        this.local.forget();
        this.state.phase = { kind: 'cancelled' };
        setPageTitle('Invitation cancelled', session.test.testName);
        showPage(this.state.root, cancelledView(session));
        return;
      case 'landing':
        // Nothing from an earlier attempt may come back.
        this.local.forget();
        this.landing.show(session);
        return;
      default:
        unreachable(stage);
    }
  }

  private ensureCamera(): Camera {
    const camera = (this.camera ??= new Camera(this.state.api, (cameraState) => {
      this.attempt.view?.camera.show(cameraState, camera);
      if (this.state.phase.kind === 'landing' || this.state.phase.kind === 'starting') this.landing.showCamera(cameraState, camera);
    }));
    return camera;
  }

  private run(session: CandidateSession): void {
    this.state.phase = { kind: 'running' };
    const view = this.attempt.show(session);
    this.tabs.stop();
    this.tabs.start();
    this.proctoring.start(session, view, () => this.ensureCamera());
    this.time.start();
  }

  /** Checks the server's view: the countdown at zero, after a long absence, a refused save, or coming back online. */
  private async refresh(): Promise<void> {
    if (!allows(this.state.phase, 'refresh')) return;
    if (this.state.session?.preview) {
      this.refreshPreview(this.state.session);
      return;
    }
    this.state.phase = { kind: 'refreshing' };
    try {
      const session = await this.state.synced(() => this.state.api.session());
      this.time.answered(true);
      if (!isAttemptRunning(session.state)) {
        this.finish(session, finishReasonOf(session, timeIsUpOnServer(session) ? 'timeUp' : 'submitted'));
      } else if (timeIsUpOnServer(session)) {
        // Running, and past its deadline by the server's clock (within the grace for late saves): end it now.
        void this.submitting.submit('timeUp');
      } else {
        this.time.tick();
      }
    } catch {
      // Offline: the answer queue and the timer go on; the server ends the attempt on its own at its deadline.
      this.time.answered(false);
    } finally {
      // A submit or the end may have come meanwhile: only a refresh still in charge hands back.
      if (this.state.phase.kind === 'refreshing') this.state.phase = { kind: 'running' };
    }
  }

  /**
   * A preview's server keeps no attempt to ask about (its session is the landing again): the page's own clock decides,
   * against the deadline the start answered (decision 1492).
   */
  private refreshPreview(session: CandidateSession): void {
    const deadline = session.deadline === null ? Number.NaN : Date.parse(session.deadline);
    if (Number.isFinite(deadline) && this.state.clock.now() >= deadline) void this.submitting.submit('timeUp');
    else this.time.tick();
  }

  /** The attempt is over: stop everything that runs and show the end. */
  private finish(session: CandidateSession, reason: FinishReason): void {
    if (!allows(this.state.phase, 'finish')) return;
    this.time.stop();
    const notSaved = this.attempt.stopSaving();
    this.proctoring.stop();
    this.camera?.stop();
    this.tabs.stop();
    this.local.forgetPlace();
    this.showFinished(session, reason, notSaved);
  }

  /** `notSaved`: questions whose last edit never reached the server; the page says so instead of claiming all is in. */
  private showFinished(session: CandidateSession, reason: FinishReason, notSaved: string[]): void {
    this.state.phase = { kind: 'finished', reason };
    const lost = notSaved.map((id) => this.attempt.labelOf(id));
    // Straight after a submit the organisation's page follows; a later visit only links to it.
    const countdown = reason === 'alreadyCompleted' ? null : redirectCountdownFor(session.redirectURL);
    setPageTitle(FINISH_TITLE[reason], session.test.testName);
    showPage(this.state.root, finishedView(session, reason, lost, countdown));
    askFeedback(this.state.root, session, this.state.api, () => countdown?.start());
  }
}
