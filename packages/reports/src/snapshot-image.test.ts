import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_IMAGE_LIMITS } from '@assay/domain';
import { GIF_1X1, SVG, garbageZlibPng, hugeHeaderPng, isJpeg, noisyJpeg, realImage, truncatedZlibPng } from '../test/hostile-images.js';
import { blackFrame, dimSceneFrame, sceneFrame, uniformFrame } from '../test/camera-frames.js';
import { SNAPSHOT_OUTPUT, blankSnapshotOf, normaliseSnapshot, snapshotThumbnail } from './snapshot-image.js';

describe('normaliseSnapshot', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('re-encodes a %s as a JPEG of the same size, without metadata', async (format) => {
    const source = await sharp(await realImage(format))
      .withExif({ IFD0: { Artist: 'someone-private' } })
      .toBuffer();
    const stored = await normaliseSnapshot(source);
    expect(stored.err).toBeUndefined();
    const metadata = await sharp(stored.val!).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 320, height: 240, space: 'srgb' });
    expect(metadata.exif).toBeUndefined();
    expect(stored.val!.includes('someone-private')).toBe(false);
  });

  it('shrinks to fit 640×480 and never enlarges', async () => {
    const wide = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    expect(await sharp((await normaliseSnapshot(wide)).val!).metadata()).toMatchObject({ width: SNAPSHOT_OUTPUT.width, height: 320 });
    const tiny = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    expect(await sharp((await normaliseSnapshot(tiny)).val!).metadata()).toMatchObject({ width: 8, height: 6 });
  });

  it('flattens transparency onto white', async () => {
    const clear = await sharp({ create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const { data } = await sharp((await normaliseSnapshot(clear)).val!)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(240);
  });

  it.each([
    ['a PNG whose IDAT is not zlib', garbageZlibPng()],
    ['a PNG whose zlib stream is cut short', truncatedZlibPng()],
    ['a GIF', GIF_1X1],
    ['an SVG', SVG],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s with 400.12', async (_, bytes) => {
    expect((await normaliseSnapshot(bytes)).err?.kind).toBe('image-not-accepted');
  });

  it('refuses a declared 60000×60000 from the header, naming the size', async () => {
    const refused = await normaliseSnapshot(hugeHeaderPng());
    expect(refused.err?.kind).toBe('image-not-accepted');
    expect(refused.err?.message).toContain('60000×60000');
  });

  it('refuses a real JPEG over the byte limit before decoding it', async () => {
    const large = await noisyJpeg(600, 450);
    expect(large.length).toBeGreaterThan(SNAPSHOT_IMAGE_LIMITS.maxBytes);
    expect((await normaliseSnapshot(large)).err?.message).toContain(`${SNAPSHOT_IMAGE_LIMITS.maxBytes}`);
  });

  it('refuses bytes that start as one format and are another', async () => {
    const jpeg = await realImage('jpeg');
    const pngSignatureThenJpeg = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]);
    expect((await normaliseSnapshot(pngSignatureThenJpeg)).err?.kind).toBe('image-not-accepted');
  });
});

describe('snapshotThumbnail', () => {
  it('makes a small JPEG of any decodable stored image, WebP included', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const thumbnail = await snapshotThumbnail(await realImage(format));
      expect(isJpeg(thumbnail!)).toBe(true);
      expect(await sharp(thumbnail!).metadata()).toMatchObject({ width: 192, height: 144 });
    }
  });

  it('answers undefined for what cannot or must not be decoded', async () => {
    for (const bytes of [garbageZlibPng(), truncatedZlibPng(), hugeHeaderPng(), GIF_1X1, SVG, Buffer.from('hello')]) {
      expect(await snapshotThumbnail(bytes)).toBeUndefined();
    }
  });
});

describe('blankSnapshotOf: a stored snapshot that shows nothing (decision 972)', () => {
  const stored = async (frame: Promise<Buffer>): Promise<Buffer> => (await normaliseSnapshot(await frame)).val!;

  it('a covered lens is dark, a flat tone is uniform', async () => {
    expect(await blankSnapshotOf(await stored(blackFrame()))).toBe('dark');
    expect(await blankSnapshotOf(await stored(uniformFrame()))).toBe('uniform');
  });

  it('a scene, even a dim one with a face lit by the screen, shows something', async () => {
    expect(await blankSnapshotOf(await stored(sceneFrame()))).toBeNull();
    expect(await blankSnapshotOf(await stored(dimSceneFrame()))).toBeNull();
    expect(await blankSnapshotOf(await realImage('jpeg'))).toBeNull();
  });

  it('bytes that do not decode are not counted', async () => {
    expect(await blankSnapshotOf(Buffer.from('not an image'))).toBeNull();
  });
});
