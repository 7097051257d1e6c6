import { h, replaceChildren } from '../lib/dom.js';
import type { Camera, CameraState } from '../proctoring/camera.js';

/** The camera's preview beside the test, and the notice when it cannot be used. */
export class CameraPanel {
  /** The preview; only on proctored tests. */
  readonly preview: HTMLElement | null;
  readonly notice: HTMLElement;
  private readonly caption = h('p', { class: 'camera-caption' }, '');

  constructor(proctored: boolean) {
    this.preview = proctored ? h('section', { class: 'camera', 'aria-label': 'Camera', 'data-testid': 'camera-preview', hidden: true }) : null;
    this.notice = h('div', { class: 'camera-notice', 'data-testid': 'camera-message', role: 'status', hidden: true });
  }

  show(state: CameraState, camera: Camera): void {
    const live = state === 'on' || state === 'starting';
    if (this.preview) {
      this.preview.hidden = !live;
      if (live) {
        if (!this.preview.contains(camera.video)) replaceChildren(this.preview, camera.video, this.caption);
        this.caption.textContent = state === 'on' ? 'Camera on · a photo every minute' : 'Starting the camera…';
      }
    }
    const retry = h(
      'button',
      { type: 'button', class: 'button button-secondary button-small', 'data-testid': 'camera-retry', onclick: () => void camera.start() },
      'Try again',
    );
    if (state === 'denied') {
      this.warn(
        h('strong', null, 'Camera access was refused. '),
        'This test asks for your camera. No photos are being taken, and this is recorded with your test. ',
        'You can go on with the test, or allow the camera in your browser’s site settings and try again. ',
        retry,
      );
    } else if (state === 'unavailable') {
      this.warn(
        h('strong', null, 'No camera could be used. '),
        'This test asks for your camera, but none was found or the browser does not allow it here. No photos are being taken, and this is recorded with your test. You can go on with the test. ',
        retry,
      );
    } else {
      this.notice.hidden = true;
    }
  }

  private warn(...content: (Node | string)[]): void {
    this.notice.className = 'camera-notice notice notice-warn';
    replaceChildren(this.notice, ...content);
    this.notice.hidden = false;
  }
}
