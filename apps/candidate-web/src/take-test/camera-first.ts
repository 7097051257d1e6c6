import type { Camera } from '../proctoring/camera.js';
import type { LandingView } from './landing.js';

const CAMERA_WAIT_MS = 20_000;

/**
 * Before the clock runs on a test that uses the camera (decision 663): the camera is asked for unless it is on. True
 * when it is; otherwise (refused, none, or the browser's question unanswered for 20 s) the landing says why and offers
 * Start without the camera, and the attempt is not started.
 */
export async function cameraFirst(camera: Camera, landing: LandingView): Promise<boolean> {
  if (camera.state !== 'on') {
    landing.starting('Waiting for camera permission…');
    await Promise.race([camera.start(), new Promise((resolve) => window.setTimeout(resolve, CAMERA_WAIT_MS))]);
  }
  if (camera.state !== 'on') {
    landing.cameraUnavailable();
    return false;
  }
  landing.starting('Starting…');
  return true;
}
