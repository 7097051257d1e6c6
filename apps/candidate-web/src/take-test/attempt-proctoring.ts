import type { CandidateSession } from '@assay/domain/candidate';
import type { Camera } from '../proctoring/camera.js';
import { FocusWatcher } from '../proctoring/focus-watcher.js';
import type { TestPageState } from './test-page-state.js';
import type { TestView } from './test-view.js';
import { ViolationNotice } from './violation-notice.js';

/** Away longer than this, the attempt may have ended meanwhile: ask the server. */
const LONG_ABSENCE_MS = 20_000;

/**
 * The proctoring of a running attempt: leaving the window is recorded, the camera (when the test uses it) shows in
 * the test view and sends its snapshots, and each violation the server counts warns the candidate — or ends the test.
 */
export class AttemptProctoring {
  private watcher: FocusWatcher | null = null;

  /** `refresh` asks the server whether the attempt still runs: after a long absence, or when a violation ended it. */
  constructor(
    private readonly state: TestPageState,
    private readonly refresh: () => void,
  ) {}

  /** `ensureCamera` gives the page's one camera (the landing's check may have started it); asked only when the test uses it. */
  start(session: CandidateSession, view: TestView, ensureCamera: () => Camera): void {
    this.watcher?.stop();
    const notice = new ViolationNotice(this.state.root, session, this.refresh);
    this.watcher = new FocusWatcher(
      this.state.api,
      this.state.clock,
      (awayMs) => {
        if (awayMs > LONG_ABSENCE_MS) this.refresh();
      },
      (counts) => notice.counted(counts),
    );
    this.watcher.start();
    if (session.imageProctoring) {
      const camera = ensureCamera();
      view.camera.show(camera.state, camera);
      camera.onCounted = (counts) => notice.imageCounted(counts);
      if (camera.state === 'off') void camera.start();
      camera.startSnapshots();
    }
  }

  /** The window is no longer watched; the camera is the page's to stop. */
  stop(): void {
    this.watcher?.stop();
  }
}
