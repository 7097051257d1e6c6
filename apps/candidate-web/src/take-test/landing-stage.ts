import type { CandidateSession } from '@assay/domain/candidate';
import { failureOf } from '../api/failure.js';
import { showPage } from '../lib/dom.js';
import { setPageTitle } from '../lib/page-title.js';
import type { Camera, CameraState } from '../proctoring/camera.js';
import { opensLater, watchOpening } from '../views/access-notice.js';
import { cameraFirst } from './camera-first.js';
import { landingView, opensAtOf, type LandingView } from './landing.js';
import { LANDING_TITLE } from './page-titles.js';
import { allows } from './phase.js';
import type { TestPageState } from './test-page-state.js';

/** What the landing asks of the page. */
export interface LandingHooks {
  /** Shows what a session from the server says: the test once started, or whatever else it has become. */
  route(session: CandidateSession): void;
  /** The page's one camera: the landing's check asks for it, and the attempt goes on with it. */
  ensureCamera(): Camera;
}

/** The landing as the page drives it: shown, watched until the test opens (when it opens later), and Start. */
export class LandingStage {
  /** The landing on screen, told of the camera's state by its check. */
  private view: LandingView | null = null;
  /** Stops asking whether the test has opened (the landing of a test not open yet). */
  private stopWatching: (() => void) | null = null;

  constructor(
    private readonly state: TestPageState,
    private readonly hooks: LandingHooks,
  ) {}

  show(session: CandidateSession): void {
    this.state.phase = { kind: 'landing' };
    const start = (withoutCamera: boolean, aiNoticeAcknowledged: boolean) => void this.start(session, landing, withoutCamera, aiNoticeAcknowledged);
    const landing: LandingView = (this.view = landingView(session, this.state.clock.now(), start, this.state.api.runs, () => this.hooks.ensureCamera()));
    setPageTitle(LANDING_TITLE[session.access.verdict], session.test.testName);
    showPage(this.state.root, landing.element);
    if (opensLater(session.access.verdict)) this.watchOpening(session, landing);
  }

  /** No more asking whether the test has opened: the page shows something else now. */
  stopWatchingOpening(): void {
    this.stopWatching?.();
    this.stopWatching = null;
  }

  showCamera(state: CameraState, camera: Camera): void {
    this.view?.showCamera(state, camera);
  }

  /**
   * The test is not open yet: ask the server again when it should open (and now and then), and enable Start
   * once it says so. A change of state meanwhile (started in another tab, cancelled) shows that instead.
   */
  private watchOpening(initial: CandidateSession, landing: LandingView): void {
    this.stopWatching = watchOpening(
      initial.access.testAccessTime,
      () => this.state.clock.now(),
      async () => {
        if (this.state.phase.kind !== 'landing') return true;
        const session = await this.state.synced(() => this.state.api.session());
        if (this.state.phase.kind !== 'landing') return true;
        if (session.state !== initial.state) {
          this.hooks.route(session);
          return true;
        }
        landing.update(session, this.state.clock.now());
        setPageTitle(LANDING_TITLE[session.access.verdict], session.test.testName);
        return !opensLater(session.access.verdict);
      },
      opensAtOf(initial),
    );
  }

  private async start(session: CandidateSession, landing: LandingView, withoutCamera = false, aiNoticeAcknowledged = false): Promise<void> {
    if (!allows(this.state.phase, 'start')) return;
    this.stopWatchingOpening();
    this.state.phase = { kind: 'starting' };
    landing.starting('Starting…');
    if (session.imageProctoring && !withoutCamera && !(await cameraFirst(this.hooks.ensureCamera(), landing))) {
      this.state.phase = { kind: 'landing' };
      return;
    }
    try {
      this.hooks.route(await this.state.synced(() => this.state.api.start(undefined, aiNoticeAcknowledged ? { aiNoticeAcknowledged } : {})));
    } catch (error) {
      const failure = failureOf(error);
      this.state.phase = { kind: 'landing' };
      landing.startFailed(failure.message, failure.retryable);
    }
  }
}
