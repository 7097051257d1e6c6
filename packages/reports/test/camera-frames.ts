import sharp from 'sharp';

/** Camera frames as a page would send them (320×240 JPEG), generated: a covered lens, a flat tone, scenes. */

const WIDTH = 320;
const HEIGHT = 240;

/** A deterministic pseudo-random source: the same frames on every run. */
const noise = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  return (seed & 0xff) / 255 - 0.5;
};

const frame = (grey: (x: number, y: number) => number, seed = 7): Promise<Buffer> => {
  const next = noise(seed);
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const value = Math.max(0, Math.min(255, Math.round(grey(x, y))));
      for (let channel = 0; channel < 3; channel++) pixels[(y * WIDTH + x) * 3 + channel] = value;
    }
  }
  // Sensor noise on top, as a real camera has.
  for (let index = 0; index < pixels.length; index++) pixels[index] = Math.max(0, Math.min(255, pixels[index]! + Math.round(next() * 12)));
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
};

/** Inside an ellipse in the middle of the frame: where a face sits. */
const inFace = (x: number, y: number): boolean => ((x - WIDTH / 2) / 60) ** 2 + ((y - HEIGHT / 2) / 80) ** 2 <= 1;

/** A covered lens: black with a little sensor noise. */
export const blackFrame = (): Promise<Buffer> => frame(() => 6);

/** One flat tone with sensor noise: a finger or tape over the lens, or a wall up close. */
export const uniformFrame = (): Promise<Buffer> => frame(() => 150);

/** A lit room with someone in it: a gradient background and a brighter face. */
export const sceneFrame = (): Promise<Buffer> => frame((x, y) => (inFace(x, y) ? 190 : 60 + (x + y) / 4));

/** A dim room with a face lit by the screen: dark on average, but with contrast. */
export const dimSceneFrame = (): Promise<Buffer> => frame((x, y) => (inFace(x, y) ? 55 : 6));
