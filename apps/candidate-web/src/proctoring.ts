import { ApiError, type CandidateApi } from './api.js';
import type { ServerClock } from './clock.js';

type Departure = { type: 'left' | 'returned' | 'unload'; at: string };

/** How soon after a Tab on the last (or Shift+Tab on the first) control a blur counts as focus moving into the browser's own toolbar. */
const KEYBOARD_EXIT_MS = 400;

/** Browser prompts the page itself opens (the camera permission): the window loses focus to them, the candidate does not leave. */
let promptsOpen = 0;
export const whileBrowserPrompts = async <T>(work: () => Promise<T>): Promise<T> => {
  promptsOpen += 1;
  try {
    return await work();
  } finally {
    promptsOpen -= 1;
  }
};

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Whether Tab (forward) or Shift+Tab from the focused element leaves the page's last (first) control. */
const tabsOutOfPage = (backwards: boolean): boolean => {
  const tabbable = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert]') && element.getClientRects().length > 0,
  );
  const edge = backwards ? tabbable[0] : tabbable.at(-1);
  return edge !== undefined && (document.activeElement === edge || edge.contains(document.activeElement));
};

/**
 * Records leaving the test: the tab hidden or the window losing focus to another window is one departure
 * (one `left`), coming back is one `returned`, however many of blur and visibilitychange fire. What is not
 * leaving is not recorded: Tab past the last control (focus goes to the browser's own toolbar), a browser
 * prompt the page opened, and a reload — the page going away sends `unload`, which the server counts only
 * if the page is not back within seconds. Events go out in order, retried until the server has them, with
 * the instant they happened (server clock). Opening the test page sends a `returned`.
 */
export class FocusWatcher {
  private away = false;
  private keyboardExitAt = Number.NEGATIVE_INFINITY;
  private unloading = false;
  private readonly queue: Departure[] = [];
  private sending = false;
  private retryTimer: number | undefined;
  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Tab' && !event.defaultPrevented && tabsOutOfPage(event.shiftKey)) this.keyboardExitAt = performance.now();
  };
  private readonly onLeave = () => {
    if (this.unloading) return;
    if (document.visibilityState === 'hidden') {
      this.record('left');
      return;
    }
    if (document.hasFocus()) return;
    // The page is still in view and focus went to the browser itself: by keyboard, or to a prompt we opened.
    if (promptsOpen > 0 || performance.now() - this.keyboardExitAt < KEYBOARD_EXIT_MS) return;
    this.record('left');
  };
  private readonly onReturn = () => {
    if (document.visibilityState === 'visible') this.record('returned');
  };
  private readonly onVisibility = () => (document.visibilityState === 'hidden' ? this.onLeave() : this.onReturn());
  /** Reload, close or navigation: not a departure yet (the server waits to see whether the page comes back). */
  private readonly onUnload = () => {
    if (this.unloading) return;
    this.unloading = true;
    if (!this.away) this.send({ type: 'unload', at: this.clock.iso() });
  };
  /** Back from the browser's page cache (a navigation that did not unload after all). */
  private readonly onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    this.unloading = false;
    this.send({ type: 'returned', at: this.clock.iso() });
  };
  private readonly onOnline = () => void this.pump();

  constructor(
    private readonly api: CandidateApi,
    private readonly clock: ServerClock,
    /** Told when the candidate comes back, with how long they were away (ms). */
    private readonly onReturned: (awayMs: number) => void = () => undefined,
  ) {}

  private leftAt = 0;

  start(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
    document.addEventListener('keydown', this.onKeyDown, true);
    window.addEventListener('blur', this.onLeave);
    window.addEventListener('focus', this.onReturn);
    window.addEventListener('online', this.onOnline);
    window.addEventListener('beforeunload', this.onUnload);
    window.addEventListener('pagehide', this.onUnload);
    window.addEventListener('pageshow', this.onPageShow);
    if (document.visibilityState === 'hidden') {
      // Opened in a background tab: away from the start.
      this.record('left');
    } else {
      // A reload or a closed tab sent an 'unload' from the page before this one; this page being open is the
      // return. The server ignores a 'returned' that has no departure before it.
      this.queue.push({ type: 'returned', at: this.clock.iso() });
      void this.pump();
    }
  }

  stop(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    document.removeEventListener('keydown', this.onKeyDown, true);
    window.removeEventListener('blur', this.onLeave);
    window.removeEventListener('focus', this.onReturn);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('beforeunload', this.onUnload);
    window.removeEventListener('pagehide', this.onUnload);
    window.removeEventListener('pageshow', this.onPageShow);
    window.clearTimeout(this.retryTimer);
  }

  private record(type: 'left' | 'returned'): void {
    if ((type === 'left') === this.away) return;
    this.away = type === 'left';
    const now = this.clock.now();
    if (type === 'left') this.leftAt = now;
    else this.onReturned(now - this.leftAt);
    this.send({ type, at: new Date(now).toISOString() });
  }

  private send(event: Departure): void {
    this.queue.push(event);
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    window.clearTimeout(this.retryTimer);
    try {
      while (this.queue.length > 0) {
        const event = this.queue[0]!;
        try {
          // keepalive: a 'left' sent as the page closes still arrives.
          await this.api.event(event.type, event.at, true);
        } catch (error) {
          if (error instanceof ApiError && error.retryable) {
            this.retryTimer = window.setTimeout(() => void this.pump(), 5_000);
            return;
          }
          // Refused (the attempt is over): nothing to retry.
        }
        this.queue.shift();
      }
    } finally {
      this.sending = false;
    }
  }
}

export type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

const SNAPSHOT_EVERY_MS = 60_000;
const WIDTH = 320;
const HEIGHT = 240;
/** The API takes ~500 kB; we aim far lower. */
const MAX_DATA_URL = 150_000;

/**
 * The camera for image proctoring: a small live preview and a 320x240 JPEG sent at the start and every
 * minute. A refusal never blocks the test; the page says so.
 */
export class Camera {
  readonly video: HTMLVideoElement;
  private stream: MediaStream | null = null;
  private timer: number | undefined;
  private readonly canvas = document.createElement('canvas');
  private capturing = false;
  state: CameraState = 'off';

  constructor(
    private readonly api: CandidateApi,
    private readonly onState: (state: CameraState) => void,
  ) {
    this.video = document.createElement('video');
    this.video.muted = true;
    this.video.autoplay = true;
    this.video.playsInline = true;
    this.video.setAttribute('aria-label', 'Your camera preview');
    this.canvas.width = WIDTH;
    this.canvas.height = HEIGHT;
  }

  /** Asks for the camera (the browser prompts once); resolves with the outcome. */
  async start(): Promise<CameraState> {
    if (this.state === 'on' || this.state === 'starting') return this.state;
    if (!navigator.mediaDevices?.getUserMedia) return this.setState('unavailable');
    this.setState('starting');
    try {
      this.stream = await whileBrowserPrompts(() => navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: WIDTH }, height: { ideal: HEIGHT }, facingMode: 'user' },
        audio: false,
      }));
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      return this.setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
    }
    this.video.srcObject = this.stream;
    this.stream.getVideoTracks()[0]?.addEventListener('ended', () => this.setState('unavailable'));
    await this.video.play().catch(() => undefined);
    this.setState('on');
    if (this.capturing) this.beginSnapshots();
    return this.state;
  }

  /**
   * Photos start once the attempt runs: the server takes none before the start (the first one used to be
   * sent before it and refused). The first goes out as soon as the camera has a frame.
   */
  startSnapshots(): void {
    this.capturing = true;
    if (this.state === 'on') this.beginSnapshots();
  }

  private beginSnapshots(): void {
    window.clearInterval(this.timer);
    void this.whenReady().then(() => this.snap());
    this.timer = window.setInterval(() => this.snap(), SNAPSHOT_EVERY_MS);
  }

  stop(): void {
    this.capturing = false;
    window.clearInterval(this.timer);
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    this.video.srcObject = null;
    if (this.state === 'on') this.setState('off');
  }

  private setState(state: CameraState): CameraState {
    this.state = state;
    this.onState(state);
    return state;
  }

  private whenReady(): Promise<void> {
    if (this.video.readyState >= 2 && this.video.videoWidth > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.video.removeEventListener('loadeddata', done);
        window.clearTimeout(fallback);
        resolve();
      };
      const fallback = window.setTimeout(done, 5_000);
      this.video.addEventListener('loadeddata', done);
    });
  }

  /** One JPEG of the current frame, cropped to 4:3; null when there is no frame. */
  capture(): string | null {
    const { videoWidth, videoHeight } = this.video;
    const context = this.canvas.getContext('2d');
    if (!context || !videoWidth || !videoHeight) return null;
    const scale = Math.max(WIDTH / videoWidth, HEIGHT / videoHeight);
    const width = videoWidth * scale;
    const height = videoHeight * scale;
    context.drawImage(this.video, (WIDTH - width) / 2, (HEIGHT - height) / 2, width, height);
    for (const quality of [0.6, 0.4, 0.25]) {
      const image = this.canvas.toDataURL('image/jpeg', quality);
      if (image.startsWith('data:image/jpeg') && image.length <= MAX_DATA_URL) return image;
    }
    return null;
  }

  private snap(): void {
    if (this.state !== 'on') return;
    const image = this.capture();
    if (image) this.api.snapshot(image).catch(() => undefined);
  }
}
