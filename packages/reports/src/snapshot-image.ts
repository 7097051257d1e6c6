import sharp, { type Metadata, type SharpOptions } from 'sharp';
import {
  blankFrameOf,
  checkDeclaredImage,
  checkSnapshotBytes,
  FRAME_SAMPLE,
  luminanceOf,
  ok,
  refuse,
  sniffImageType,
  SNAPSHOT_IMAGE_LIMITS,
  type BlankFrame,
  type Result,
} from '@assay/domain';

/**
 * Camera snapshots pass through libvips (sharp) before anything else decodes them: at upload they are re-encoded
 * into a small, plain JPEG (that is what is stored), and at render every stored one is checked and shrunk again,
 * because older rows were stored as sent. pdfkit, whose own PNG decoding can take the process down, only ever
 * receives JPEG bytes that libvips produced.
 */

/** The stored form: at most 640×480, JPEG quality 70, no metadata (EXIF, GPS, ICC comments are dropped). */
export const SNAPSHOT_OUTPUT = { width: 640, height: 480, quality: 70 } as const;

/** Thumbnails in the PDF are drawn at 96×72 pt; twice that in pixels keeps them sharp when zoomed or printed. */
const THUMBNAIL = { width: 192, height: 144, quality: 75, mozjpeg: false } as const;

/** Only these loaders may run, whatever the bytes claim to be: no SVG, GIF, TIFF, PDF, HEIF, raw or magick input. */
const ALLOWED_LOADERS = ['VipsForeignLoadJpegBuffer', 'VipsForeignLoadPngBuffer', 'VipsForeignLoadWebpBuffer'];

let loadersRestricted = false;
/** libvips' block list is per process; set once, before the first decode (in each thread, harmlessly again). */
const restrictLoaders = (): void => {
  if (loadersRestricted) return;
  sharp.block({ operation: ['VipsForeignLoad'] });
  sharp.unblock({ operation: ALLOWED_LOADERS });
  loadersRestricted = true;
};

const decoderOptions = (failOn: 'warning' | 'error'): SharpOptions => ({
  // Never more pixels than the header check allows, whatever the header said.
  limitInputPixels: SNAPSHOT_IMAGE_LIMITS.maxPixels,
  failOn,
  // Only the first frame of an animated WebP.
  pages: 1,
  sequentialRead: true,
});

const NOT_DECODABLE = 'Send a JPEG, PNG or WebP photo: this one could not be decoded.';

/** Sniffs the bytes, then reads the header (no pixels) and checks its format and declared size. */
const inspect = async (bytes: Buffer, failOn: 'warning' | 'error'): Promise<Result<true>> => {
  const sniffed = sniffImageType(bytes);
  if (sniffed === undefined) return refuse('image-not-accepted', 'Send a JPEG, PNG or WebP photo: these bytes are none of them.');
  restrictLoaders();
  let declared: Metadata;
  try {
    // Reading the header decodes no pixels, so the pixel limit is lifted here to report the declared size.
    declared = await sharp(bytes, { ...decoderOptions(failOn), limitInputPixels: false }).metadata();
  } catch {
    return refuse('image-not-accepted', NOT_DECODABLE);
  }
  return checkDeclaredImage(sniffed, { format: declared.format, width: declared.width, height: declared.height });
};

/** Decodes every pixel (a broken stream fails here) and encodes a fresh JPEG that fits `box`. */
const reencode = (bytes: Buffer, box: { width: number; height: number; quality: number; mozjpeg?: boolean }, failOn: 'warning' | 'error'): Promise<Buffer> =>
  sharp(bytes, decoderOptions(failOn))
    .autoOrient()
    .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
    // Transparent pixels become white rather than black.
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: box.quality, mozjpeg: box.mozjpeg ?? true })
    .toBuffer();

/**
 * An uploaded snapshot as it is stored: a JPEG of at most 640×480 pixels, or `400.12` when the bytes are over the
 * size limit, not a JPEG, PNG or WebP (whatever the data URL said), declare too many pixels, or do not decode.
 */
export const normaliseSnapshot = async (bytes: Buffer): Promise<Result<Buffer>> => {
  const checked = checkSnapshotBytes(bytes);
  if (checked.err) return checked;
  const inspected = await inspect(bytes, 'warning');
  if (inspected.err) return inspected;
  try {
    return ok(await reencode(bytes, SNAPSHOT_OUTPUT, 'warning'));
  } catch {
    return refuse('image-not-accepted', NOT_DECODABLE);
  }
};

/**
 * A stored snapshot as a small JPEG for the PDF, or undefined when it is not an image libvips can decode within
 * the limits (the PDF then shows a placeholder). Lenient about damage a decoder can recover from: stored images are
 * drawn if at all possible.
 */
export const snapshotThumbnail = async (bytes: Buffer): Promise<Buffer | undefined> => {
  const inspected = await inspect(bytes, 'error');
  if (inspected.err) return undefined;
  try {
    return await reencode(bytes, THUMBNAIL, 'error');
  } catch {
    return undefined;
  }
};

/**
 * Whether a stored snapshot (the JPEG `normaliseSnapshot` made) shows nothing — dark or one flat tone — judged by the
 * domain's thresholds on its luminance at FRAME_SAMPLE size (decision 972). libvips shrinks and greys it on its own
 * threads; the request thread only sums 3,072 bytes. A frame that cannot be read is not counted: only what was seen
 * to show nothing is.
 */
export const blankSnapshotOf = async (jpeg: Buffer): Promise<BlankFrame | null> => {
  restrictLoaders();
  try {
    const pixels = await sharp(jpeg, decoderOptions('warning'))
      .resize({ width: FRAME_SAMPLE.width, height: FRAME_SAMPLE.height, fit: 'fill' })
      .greyscale()
      .raw()
      .toBuffer();
    return blankFrameOf(luminanceOf(pixels));
  } catch {
    return null;
  }
};
