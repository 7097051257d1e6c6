import { ApiError, type CandidateApi } from './api.js';
import type { ServerClock } from './clock.js';

type Departure = { type: 'left' | 'returned'; at: string };

/**
 * Records leaving the test: the tab hidden or the window losing focus is one departure (one `left`), coming
 * back is one `returned`, however many of blur and visibilitychange fire. Events go out in order and are
 * retried until the server has them, with the instant they happened (server clock). Opening the test page
 * sends a `returned` too: closing or reloading the page sent a `left`, and the server ignores a `returned`
 * that follows no departure.
 */
export class FocusWatcher {
  private away = false;
  private readonly queue: Departure[] = [];
  private sending = false;
  private retryTimer: number | undefined;
  private readonly onLeave = () => {
    if (document.visibilityState === 'hidden' || !document.hasFocus()) this.record('left');
  };
  private readonly onReturn = () => {
    if (document.visibilityState === 'visible') this.record('returned');
  };
  private readonly onVisibility = () => (document.visibilityState === 'hidden' ? this.onLeave() : this.onReturn());
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
    window.addEventListener('blur', this.onLeave);
    window.addEventListener('focus', this.onReturn);
    window.addEventListener('online', this.onOnline);
    if (document.visibilityState === 'hidden') {
      // Opened in a background tab: away from the start.
      this.record('left');
    } else {
      // A reload or a closed tab sent a 'left' from the page before this one; this page being open is the
      // return. The server ignores a 'returned' that has no departure before it.
      this.queue.push({ type: 'returned', at: this.clock.iso() });
      void this.pump();
    }
  }

  stop(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('blur', this.onLeave);
    window.removeEventListener('focus', this.onReturn);
    window.removeEventListener('online', this.onOnline);
    window.clearTimeout(this.retryTimer);
  }

  private record(type: 'left' | 'returned'): void {
    if ((type === 'left') === this.away) return;
    this.away = type === 'left';
    const now = this.clock.now();
    if (type === 'left') this.leftAt = now;
    else this.onReturned(now - this.leftAt);
    this.queue.push({ type, at: new Date(now).toISOString() });
    this.pump();
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
      this.stream = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: WIDTH }, height: { ideal: HEIGHT }, facingMode: 'user' },
        audio: false,
      });
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      return this.setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
    }
    this.video.srcObject = this.stream;
    this.stream.getVideoTracks()[0]?.addEventListener('ended', () => this.setState('unavailable'));
    await this.video.play().catch(() => undefined);
    this.setState('on');
    void this.whenReady().then(() => this.snap());
    window.clearInterval(this.timer);
    this.timer = window.setInterval(() => this.snap(), SNAPSHOT_EVERY_MS);
    return this.state;
  }

  stop(): void {
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
