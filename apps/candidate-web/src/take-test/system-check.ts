import { h, replaceChildren } from '../lib/dom.js';
import { storage } from '../lib/storage.js';
import type { Camera, CameraState } from '../proctoring/camera.js';

/** What the camera line says, by the camera's state (decision 663). */
const CAMERA_WORDS: Record<CameraState, string> = {
  off: 'Camera: not checked yet. Check it now, before the timer starts: your browser will ask for permission.',
  starting: 'Camera: waiting for your permission. Answer your browser’s question, or start without the camera.',
  on: 'Camera: working. The preview shows what it sees; a photo is taken when you start and every minute after.',
  denied:
    'Camera: access was refused. Allow the camera in your browser’s site settings and check again, or start without the camera: then no photos are taken, and the people who review your test see that.',
  unavailable:
    'Camera: none could be used (none was found, or this browser does not allow it here). Check again, or start without the camera: then no photos are taken, and the people who review your test see that.',
};

/** The camera failed or never answered: the candidate may start without it (decision 663). */
export const cameraFailed = (state: CameraState): boolean => state === 'denied' || state === 'unavailable' || state === 'starting';

/**
 * The camera and browser check on the landing page of a test that uses the camera (decision 663): the browser's
 * abilities the test relies on, and the camera's preview or why it cannot be used, before the clock starts.
 */
export class SystemCheck {
  readonly element: HTMLElement;
  private readonly cameraLine = h('p', { class: 'check-line', 'data-testid': 'camera-check-status', tabindex: '-1' });
  private readonly preview = h('div', { class: 'check-preview', 'data-testid': 'camera-check-preview', hidden: true });
  private readonly button: HTMLButtonElement;

  constructor(camera: () => Camera) {
    this.button = h(
      'button',
      { type: 'button', class: 'button button-secondary', 'data-testid': 'camera-check', onclick: () => void camera().start() },
      'Check my camera',
    );
    // Announced as it changes (role=status), and there before the first change.
    const live = h('div', { role: 'status' }, this.cameraLine);
    this.element = h(
      'section',
      { class: 'system-check', 'aria-labelledby': 'system-check-title', 'data-testid': 'system-check' },
      h('h2', { id: 'system-check-title' }, 'Camera and browser check'),
      h('p', { class: 'check-line', 'data-testid': 'browser-check-status' }, browserWords()),
      live,
      this.preview,
      h('div', { class: 'check-actions' }, this.button),
    );
    this.show('off', null);
  }

  /** The start found no camera: the camera's line, which says why and what can be done, takes the focus. */
  focus(): void {
    this.cameraLine.focus();
  }

  show(state: CameraState, camera: Camera | null): void {
    this.cameraLine.textContent = CAMERA_WORDS[state];
    this.cameraLine.classList.toggle('check-failed', state === 'denied' || state === 'unavailable');
    const live = state === 'on' && camera !== null;
    this.preview.hidden = !live;
    if (live && !this.preview.contains(camera.video)) replaceChildren(this.preview, camera.video);
    this.button.textContent = state === 'off' ? 'Check my camera' : 'Check again';
    this.button.hidden = state === 'on' || state === 'starting';
  }
}

/** What this browser can do that the test relies on: keeping answers while offline, and the camera API. */
function browserWords(): string {
  const problems = [
    storage.works() ? null : 'your answers cannot be kept in this browser if the connection drops (its storage is blocked)',
    typeof navigator.mediaDevices?.getUserMedia === 'function' ? null : 'it cannot use a camera',
  ].filter(Boolean);
  return problems.length === 0
    ? 'Browser: ready. Your answers are kept in this browser if the connection drops.'
    : `Browser: ${problems.join('; ')}. You can still take the test.`;
}
