/**
 * A camera snapshot that shows nothing (decision 972): a covered lens, a camera pointed at the desk, a black frame from
 * a virtual camera. Read from the luminance of the stored snapshot shrunk to a thumbnail (`FRAME_SAMPLE`), so sensor
 * noise averages out while a real scene keeps its contrast. No face is looked for: a frame that shows something is
 * never counted, whoever is in it.
 */

/** The size the luminance is measured at: small enough that a covered lens's noise averages out. */
export const FRAME_SAMPLE = { width: 64, height: 48 } as const;

/** Luminance of a frame, 0 (black) to 255 (white): its mean and standard deviation over the sample's pixels. */
export interface FrameLuminance {
  readonly mean: number;
  readonly stdev: number;
}

/** The mean and standard deviation of 8-bit greyscale pixels (a frame with no pixels reads as black). */
export const luminanceOf = (pixels: Uint8Array): FrameLuminance => {
  if (pixels.length === 0) return { mean: 0, stdev: 0 };
  let sum = 0;
  for (const value of pixels) sum += value;
  const mean = sum / pixels.length;
  let squares = 0;
  for (const value of pixels) squares += (value - mean) ** 2;
  return { mean, stdev: Math.sqrt(squares / pixels.length) };
};

/**
 * Dark: almost black and with almost no contrast — a face lit only by the screen is darker than a room but keeps its
 * contrast (stdev well above 10). Uniform: one flat tone at any brightness (a finger, tape, a wall up close); a real
 * scene, even a plain wall with a person before it, varies far more than 4 levels.
 */
export const BLANK_FRAME_THRESHOLDS = {
  darkMean: 20,
  darkStdev: 10,
  uniformStdev: 4,
} as const;

export type BlankFrame = 'dark' | 'uniform';

/** Why the frame counts as showing nothing, or null when it shows something (it then never counts). */
export const blankFrameOf = (luminance: FrameLuminance): BlankFrame | null => {
  const { darkMean, darkStdev, uniformStdev } = BLANK_FRAME_THRESHOLDS;
  if (luminance.mean < darkMean && luminance.stdev < darkStdev) return 'dark';
  if (luminance.stdev < uniformStdev) return 'uniform';
  return null;
};
