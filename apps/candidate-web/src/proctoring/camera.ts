import { SNAPSHOT_EVERY_MS } from '@assay/domain/candidate';
import type { CandidateApi } from '../api/candidate-api.js';
import type { ImageCounts } from '../take-test/violation-notice.js';
import { whileBrowserPrompts } from './browser-prompts.js';

export type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

const WIDTH = 320;
const HEIGHT = 240;
/** The API takes ~500 kB; we aim far lower. */
const MAX_DATA_URL = 150_000;
/** A track muted this long is a camera switched off (a privacy shutter, another app), not a hiccup (decision 971). */
const MUTED_FOR_MS = 3_000;

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
  /** Told the server's count after a snapshot or camera loss it counted as an image violation (decision 971). */
  onCounted: ((counts: ImageCounts) => void) | null = null;

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
      this.stream = await whileBrowserPrompts(() =>
        navigator.mediaDevices.getUserMedia({
          video: { width: { ideal: WIDTH }, height: { ideal: HEIGHT }, facingMode: 'user' },
          audio: false,
        }),
      );
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      return this.setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
    }
    this.video.srcObject = this.stream;
    const track = this.stream.getVideoTracks()[0];
    if (track) this.watchTrack(track);
    await this.video.play().catch(() => undefined);
    this.setState('on');
    if (this.capturing) this.beginSnapshots();
    return this.state;
  }

  /**
   * The camera taken away during the attempt — the track ended (unplugged, permission revoked) or stayed muted — is
   * reported once per track as an image violation; the server counts it (decision 971).
   */
  private watchTrack(track: MediaStreamTrack): void {
    let reported = false;
    let muted: number | undefined;
    const lost = () => {
      window.clearTimeout(muted);
      if (reported || !this.capturing || this.stream?.getVideoTracks()[0] !== track) return;
      reported = true;
      this.api
        // The server counts the event; its instant is not kept, so the page's clock is good enough.
        .reportEvent({ type: 'camera-off', at: new Date().toISOString() })
        .then((counts) => this.onCounted?.(counts))
        .catch(() => undefined);
    };
    track.addEventListener('ended', () => {
      lost();
      this.setState('unavailable');
    });
    track.addEventListener('mute', () => {
      window.clearTimeout(muted);
      muted = window.setTimeout(lost, MUTED_FOR_MS);
    });
    track.addEventListener('unmute', () => window.clearTimeout(muted));
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
    if (image)
      this.api
        .uploadSnapshot(image)
        .then((saved) => this.onCounted?.(saved))
        .catch(() => undefined);
  }
}
