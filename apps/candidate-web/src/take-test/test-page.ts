import { isAttemptRunning, sessionPhase, type CandidateQuestion, type CandidateSession } from '@assay/domain/candidate';
import { answerKey, answeredCount, countedAnswers, isAnswered, questionsOf, restoreAnswers, toBody, type Answer, type Answers } from '../answers.js';
import { candidateApi, type CandidateApi } from '../api/candidate-api.js';
import { failureOf } from '../api/failure.js';
import { ServerClock, timeIsUpOnServer } from '../lib/clock.js';
import { focusHeading, replaceChildren, showPage } from '../lib/dom.js';
import { closeAllModals } from '../lib/modal.js';
import { setPageTitle } from '../lib/page-title.js';
import { storage } from '../lib/storage.js';
import { Camera } from '../proctoring/camera.js';
import { FocusWatcher } from '../proctoring/focus-watcher.js';
import { opensLater, watchOpening } from '../views/access-notice.js';
import { errorView, loadingView } from '../views/page-states.js';
import { AnswerSync } from './answer-sync.js';
import { prefetchEditor } from './editor-loader.js';
import { ClipboardGuard } from './clipboard-guard.js';
import { cancelledView, finishReasonOf, finishedView, type FinishReason } from './finish-views.js';
import { ViolationNotice } from './violation-notice.js';
import { landingView, type LandingView } from './landing.js';
import { allows, unreachable, type Phase, type SubmitReason } from './phase.js';
import { questionView } from './question-view.js';
import { QuestionSignals } from './question-signals.js';
import { redirectCountdownFor } from './redirect-countdown.js';
import { submitAttempt } from './submit-attempt.js';
import { SubmitDialog } from './submit-dialog.js';
import { TabPresence } from './tab-presence.js';
import { TestView } from './test-view.js';
import { TimeKeeper } from './time-keeper.js';
import { TimeUpOverlay } from './time-up-overlay.js';
import { FINISH_TITLE, LANDING_TITLE } from './page-titles.js';
import { cameraFirst } from './camera-first.js';
import { SectionEndPopup } from './section-end-popup.js';
import { askFeedback } from './feedback-form.js';

/** Away longer than this, the attempt may have ended meanwhile: ask the server. */
const LONG_ABSENCE_MS = 20_000;

/** The take-test page: landing, the test itself, and the end. The views draw; this decides what happens. */
export class TestPage {
  private readonly api: CandidateApi;
  private readonly clock = new ServerClock();
  /** The section last reported as viewed. */
  private viewedSection: number | undefined;
  private readonly answersKey: string;
  private readonly sectionKey: string;
  /** The candidate's flags for review, in this browser only (decision 668). */
  private readonly flagsKey: string;
  /** Other tabs on this invitation, while the test runs. */
  private readonly tabs: TabPresence;
  /** Stops asking whether the test has opened (the landing of a test not open yet). */
  private stopWatching: (() => void) | null = null;
  private phase: Phase = { kind: 'loading' };
  private session: CandidateSession | null = null;
  private camera: Camera | null = null;
  /** The landing on screen, told of the camera's state by its check. */
  private landing: LandingView | null = null;

  // The running test; set by run().
  private view: TestView | null = null;
  private signals: QuestionSignals | null = null;
  private readonly clipboard = new ClipboardGuard();
  private sync: AnswerSync | null = null;
  private watcher: FocusWatcher | null = null;
  private overlay: TimeUpOverlay | null = null;
  private answers = new Map<string, Answer>();
  /** What each question shown wants to hear of its saves (a written answer shows the server's refusal under its box). */
  private saveWatchers = new Map<string, (refusal: string | null) => void>();
  /** "Question 3" by question id, for the finish page to name answers that could not be saved. */
  private questionLabels = new Map<string, string>();
  private sectionIndex = 0;
  private readonly time = new TimeKeeper(
    this.clock,
    () => this.session?.deadline,
    () => allows(this.phase, 'tick'),
    (remainingMs) => this.view?.countdown.show(remainingMs),
    () => void this.refresh(),
  );

  constructor(
    private readonly root: HTMLElement,
    token: string,
  ) {
    this.api = candidateApi(token);
    this.answersKey = `assay.answers.${token}`;
    this.sectionKey = `assay.section.${token}`;
    this.flagsKey = `assay.flags.${token}`;
    this.tabs = new TabPresence(token, (others) => this.view?.showOtherTabs(others));
  }

  private get testName(): string | null {
    return this.session?.test.testName ?? null;
  }

  async boot(): Promise<void> {
    this.phase = { kind: 'loading' };
    setPageTitle('Loading your test');
    replaceChildren(this.root, loadingView('Loading your test…'));
    let session: CandidateSession;
    try {
      session = await this.synced(() => this.api.session());
    } catch (error) {
      const failure = failureOf(error);
      this.phase = { kind: 'failed' };
      setPageTitle('Your test could not be loaded');
      replaceChildren(this.root, errorView('We could not load your test', failure.message, failure.retryable ? () => void this.boot() : undefined));
      focusHeading(this.root.querySelector('h1'));
      return;
    }
    this.route(session);
  }

  /** Calls the API and sets the clock from the session's `serverTime`. */
  private async synced(request: () => Promise<CandidateSession>): Promise<CandidateSession> {
    const sentAt = Date.now();
    const session = await request();
    this.clock.sync(session.serverTime, sentAt, Date.now());
    this.session = session;
    return session;
  }

  private route(session: CandidateSession): void {
    this.stopWatching?.();
    this.stopWatching = null;
    const stage = sessionPhase(session.state);
    switch (stage) {
      case 'attempt':
        this.run(session);
        return;
      case 'finished':
        this.forgetLocal();
        this.showFinished(session, finishReasonOf(session, 'alreadyCompleted'), []);
        return;
      case 'cancelled':
        this.forgetLocal();
        this.phase = { kind: 'cancelled' };
        setPageTitle('Invitation cancelled', session.test.testName);
        showPage(this.root, cancelledView(session));
        return;
      case 'landing': {
        // Nothing from an earlier attempt may come back.
        this.forgetLocal();
        this.phase = { kind: 'landing' };
        const start = (withoutCamera: boolean) => void this.start(session, landing, withoutCamera);
        const landing: LandingView = (this.landing = landingView(session, this.clock.now(), start, () => this.ensureCamera()));
        setPageTitle(LANDING_TITLE[session.access.verdict], session.test.testName);
        showPage(this.root, landing.element);
        if (opensLater(session.access.verdict)) this.watchOpening(session, landing);
        return;
      }
      default:
        unreachable(stage);
    }
  }

  /**
   * The test is not open yet: ask the server again when it should open (and now and then), and enable Start
   * once it says so. A change of state meanwhile (started in another tab, cancelled) shows that instead.
   */
  private watchOpening(initial: CandidateSession, landing: LandingView): void {
    this.stopWatching = watchOpening(
      initial.access.testAccessTime,
      () => this.clock.now(),
      async () => {
        if (this.phase.kind !== 'landing') return true;
        const session = await this.synced(() => this.api.session());
        if (this.phase.kind !== 'landing') return true;
        if (session.state !== initial.state) {
          this.route(session);
          return true;
        }
        landing.update(session, this.clock.now());
        setPageTitle(LANDING_TITLE[session.access.verdict], session.test.testName);
        return !opensLater(session.access.verdict);
      },
    );
  }

  /** Nothing of an attempt that is over stays in this browser. */
  private forgetLocal(): void {
    AnswerSync.clearLocal(this.answersKey);
    storage.remove(this.sectionKey);
    storage.remove(this.flagsKey);
  }

  private async start(session: CandidateSession, landing: LandingView, withoutCamera = false): Promise<void> {
    if (!allows(this.phase, 'start')) return;
    this.stopWatching?.();
    this.stopWatching = null;
    this.phase = { kind: 'starting' };
    landing.starting('Starting…');
    if (session.imageProctoring && !withoutCamera && !(await cameraFirst(this.ensureCamera(), landing))) {
      this.phase = { kind: 'landing' };
      return;
    }
    try {
      this.route(await this.synced(() => this.api.start()));
    } catch (error) {
      const failure = failureOf(error);
      this.phase = { kind: 'landing' };
      landing.startFailed(failure.message, failure.retryable);
    }
  }

  private ensureCamera(): Camera {
    const camera = (this.camera ??= new Camera(this.api, (state) => {
      this.view?.camera.show(state, camera);
      if (this.phase.kind === 'landing' || this.phase.kind === 'starting') this.landing?.showCamera(state, camera);
    }));
    return camera;
  }

  // ---------------------------------------------------------------------------------------------- the test

  private run(session: CandidateSession): void {
    this.phase = { kind: 'running' };
    const sections = session.test.sections;
    const questions = sections.flatMap(questionsOf);
    // The editor is fetched now, while the connection is known to work, not when a coding section first opens.
    if (questions.some((question) => question.type === 'coding')) prefetchEditor();
    this.questionLabels = new Map(questions.map((question, index) => [answerKey(question), `Question ${index + 1}`]));

    const local = AnswerSync.readLocal(this.answersKey);
    AnswerSync.clearLocal(this.answersKey);
    const { answers, resend } = restoreAnswers(questions, session.answers, local, session.startedAt);
    this.answers = answers;

    this.sync?.stop(false);
    this.sync = new AnswerSync(
      this.api,
      this.clock,
      this.answersKey,
      (state, detail) => this.view?.topBar.showSaveState(state, detail),
      () => void this.refresh(),
      (questionId, refusal) => {
        this.saveWatchers.get(questionId)?.(refusal);
        // A refused answer stops counting as answered (and a saved one counts again): the tabs say so at once.
        this.showProgress();
      },
    );
    this.saveWatchers = new Map();
    this.signals = new QuestionSignals((event) => this.api.reportEvent(event), this.clock);

    const stored = Number(storage.get(this.sectionKey));
    this.sectionIndex = Number.isInteger(stored) && stored >= 0 && stored < sections.length ? stored : 0;

    const sectionEnd = new SectionEndPopup(this.root, session.displayMessages?.sectionEndPopup === true);
    this.view = new TestView(
      session,
      (question, number) => this.question(question, number),
      {
        onSection: (index) => sectionEnd.leave(sections, this.sectionIndex, index, this.counted(), () => this.showSection(index, true)),
        onSubmit: () => this.confirmSubmit(),
      },
      this.flagsKey,
    );
    replaceChildren(this.root, this.view.element);
    for (const { questionId, body, editedAt } of resend) this.sync.set(questionId, body, { editedAt });
    this.showSection(this.sectionIndex, false);
    window.scrollTo({ top: 0 });
    this.view.focusSection();
    this.tabs.stop();
    this.tabs.start();

    this.watcher?.stop();
    const notice = new ViolationNotice(this.root, session, () => void this.refresh());
    this.watcher = new FocusWatcher(
      this.api,
      this.clock,
      (awayMs) => {
        if (awayMs > LONG_ABSENCE_MS) void this.refresh();
      },
      (counts) => notice.counted(counts),
    );
    this.watcher.start();
    if (session.imageProctoring) {
      const camera = this.ensureCamera();
      this.view.camera.show(camera.state, camera);
      camera.onCounted = (counts) => notice.imageCounted(counts);
      if (camera.state === 'off') void camera.start();
      camera.startSnapshots();
    }
    this.time.start();
  }

  private question(question: CandidateQuestion, number: number) {
    const view = questionView(question, number, {
      answer: this.answers.get(answerKey(question)),
      onChange: (answer, debounceMs) => this.answerChanged(question, answer, debounceMs),
      watchSaving: (listener) => this.saveWatchers.set(answerKey(question), listener),
      runs: this.api.runs,
    });
    this.signals?.watch(view.element, question.questionId);
    // After the signals' watch: a blocked paste is still recorded by its size (decision 945).
    if (this.session?.violationRules?.copyPasteAllowed === false) this.clipboard.watch(view.element);
    return view;
  }

  private answerChanged(question: CandidateQuestion, answer: Answer, debounceMs = 0): void {
    if (!allows(this.phase, 'answer')) return;
    // Typing comes debounced; a reset or a language switch is saved at once and is not the candidate's typing.
    if (debounceMs > 0) this.signals?.typedChange(question.questionId, this.answers.get(answerKey(question)), answer);
    this.answers.set(answerKey(question), answer);
    this.sync?.set(answerKey(question), toBody(answer), { debounceMs });
    this.showProgress();
  }

  private showSection(index: number, moveFocus: boolean): void {
    const sections = this.session?.test.sections ?? [];
    if (index < 0 || index >= sections.length) return;
    this.sectionIndex = index;
    storage.set(this.sectionKey, String(index));
    this.view?.showSection(index, moveFocus);
    this.reportSectionView(sections[index]!.sectionId);
    // A section opens with its first question in front of the candidate, until the focus goes to another.
    const first = questionsOf(sections[index]!)[0];
    if (first) this.signals?.view(first.questionId);
    if (this.view) setPageTitle(this.view.sectionTitle(), this.testName);
    this.showProgress();
  }

  /** The report's time per section runs from one section view to the next: each shown section is told once. */
  private reportSectionView(sectionId: number): void {
    if (this.viewedSection === sectionId) return;
    this.viewedSection = sectionId;
    // A view that cannot be recorded (offline, past the deadline) costs the report a figure, never the candidate.
    void this.api.reportEvent({ type: 'section', at: new Date(this.clock.now()).toISOString(), sectionId }).catch(() => undefined);
  }

  /** What counts as answered: never an answer the server refused (decision 661). */
  private counted(): Answers {
    return countedAnswers(this.answers, this.sync?.refused ?? new Map());
  }

  private showProgress(): void {
    const counted = this.counted();
    this.session?.test.sections.forEach((section, index) => this.view?.showProgress(index, answeredCount(section, counted), questionsOf(section).length));
    this.view?.showAnswered((question) => isAnswered(question, counted.get(answerKey(question))));
  }

  // ---------------------------------------------------------------------------------------------- the clock

  /** Checks the server's view: the countdown at zero, after a long absence, a refused save, or coming back online. */
  private async refresh(): Promise<void> {
    if (!allows(this.phase, 'refresh')) return;
    this.phase = { kind: 'refreshing' };
    try {
      const session = await this.synced(() => this.api.session());
      this.time.answered(true);
      if (!isAttemptRunning(session.state)) {
        this.finish(session, finishReasonOf(session, timeIsUpOnServer(session) ? 'timeUp' : 'submitted'));
      } else if (timeIsUpOnServer(session)) {
        // Running, and past its deadline by the server's clock (within the grace for late saves): end it now.
        void this.submit('timeUp');
      } else {
        this.time.tick();
      }
    } catch {
      // Offline: the answer queue and the timer go on; the server ends the attempt on its own at its deadline.
      this.time.answered(false);
    } finally {
      // A submit or the end may have come meanwhile: only a refresh still in charge hands back.
      if (this.phase.kind === 'refreshing') this.phase = { kind: 'running' };
    }
  }

  // ---------------------------------------------------------------------------------------------- submitting

  private confirmSubmit(): void {
    if (!allows(this.phase, 'submit') || !this.session) return;
    const refused = [...(this.sync?.refused ?? [])].map(([id, message]) => ({ label: this.questionLabels.get(id) ?? `Question ${id}`, message }));
    const dialog = new SubmitDialog(
      this.session.test.sections,
      this.counted(),
      () => this.submit('submitted'),
      () => {
        // Back to the test: its title again (unless the attempt ended meanwhile).
        if (this.view && (this.phase.kind === 'running' || this.phase.kind === 'refreshing')) setPageTitle(this.view.sectionTitle(), this.testName);
      },
      refused,
    );
    setPageTitle('Submit your test?', this.testName);
    dialog.open(this.root);
  }

  private async submit(reason: SubmitReason): Promise<string | null> {
    if (!allows(this.phase, 'submit')) return null;
    this.phase = { kind: 'submitting', reason };
    this.view?.lock(true);
    const outcome = await submitAttempt(reason, {
      flush: async (timeoutMs) => this.sync?.flush(timeoutMs),
      submit: () => this.synced(() => this.api.submit()),
      session: () => this.synced(() => this.api.session()),
      progress: (text) => this.showTimeUp(text),
    });
    if (outcome.kind === 'ended') {
      this.finish(outcome.session, reason);
      return null;
    }
    if (this.phase.kind === 'submitting') {
      this.phase = { kind: 'running' };
      this.view?.lock(false);
    }
    return outcome.message;
  }

  private showTimeUp(text: string): void {
    // Any question the page was asking (submit, reset, language) is moot now.
    closeAllModals();
    this.overlay ??= new TimeUpOverlay();
    setPageTitle('Time is up', this.testName);
    this.overlay.show(this.root, text);
  }

  /** The attempt is over: stop everything that runs and show the end. */
  private finish(session: CandidateSession, reason: FinishReason): void {
    if (!allows(this.phase, 'finish')) return;
    this.time.stop();
    const notSaved = this.sync?.notSaved ?? [];
    this.sync?.stop(true);
    this.watcher?.stop();
    this.camera?.stop();
    this.tabs.stop();
    storage.remove(this.sectionKey);
    storage.remove(this.flagsKey);
    this.showFinished(session, reason, notSaved);
  }

  /** `notSaved`: questions whose last edit never reached the server; the page says so instead of claiming all is in. */
  private showFinished(session: CandidateSession, reason: FinishReason, notSaved: string[]): void {
    this.phase = { kind: 'finished', reason };
    const lost = notSaved.map((id) => this.questionLabels.get(id) ?? `Question ${id}`);
    // Straight after a submit the organisation's page follows; a later visit only links to it.
    const countdown = reason === 'alreadyCompleted' ? null : redirectCountdownFor(session.redirectURL);
    setPageTitle(FINISH_TITLE[reason], session.test.testName);
    showPage(this.root, finishedView(session, reason, lost, countdown));
    askFeedback(this.root, session, this.api, () => countdown?.start());
  }
}
