import { ok, refuse, type Result } from '../result.js';

/**
 * What a camera snapshot may be before anything decodes it (decision 76, "What a snapshot may be"). The page sends a
 * 320×240 JPEG of about 20 kB; these bounds leave room for other front ends and none for decompression bombs.
 */
export const SNAPSHOT_IMAGE_LIMITS = {
  /** Bytes of the uploaded image (after base64). */
  maxBytes: 256 * 1024,
  /** Width or height declared in the image header. */
  maxSide: 4096,
  /** Width × height declared in the header: bounds the memory a decode may take. */
  maxPixels: 12 * 1024 * 1024,
} as const;

export type SnapshotImageType = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + prefix.length && prefix.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes say they are (their magic numbers); the data URL's media type is not trusted. */
export const sniffImageType = (bytes: Uint8Array): SnapshotImageType | undefined => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return undefined;
};

const NOT_ACCEPTED = 'Send a JPEG, PNG or WebP photo';

/** Size and type, from the bytes alone: the checks made before any image library sees them. */
export const checkSnapshotBytes = (bytes: Uint8Array): Result<SnapshotImageType> => {
  if (bytes.length > SNAPSHOT_IMAGE_LIMITS.maxBytes) {
    return refuse('image-not-accepted', `The image is ${bytes.length} bytes; at most ${SNAPSHOT_IMAGE_LIMITS.maxBytes} are accepted.`);
  }
  const type = sniffImageType(bytes);
  return type === undefined ? refuse('image-not-accepted', `${NOT_ACCEPTED}: these bytes are none of them.`) : ok(type);
};

/** What an image header declares, read without decoding the pixels. */
export interface DeclaredImage {
  /** The format the image library recognised, e.g. 'jpeg', 'png', 'webp', 'gif', 'svg'. */
  format: string | undefined;
  width: number | undefined;
  height: number | undefined;
}

/** The header must agree with the sniffed type and declare dimensions small enough to decode safely. */
export const checkDeclaredImage = (sniffed: SnapshotImageType, declared: DeclaredImage): Result<true> => {
  if (declared.format !== sniffed) return refuse('image-not-accepted', `${NOT_ACCEPTED}: the bytes start as ${sniffed} but are not one.`);
  const { width, height } = declared;
  if (!width || !height) return refuse('image-not-accepted', `${NOT_ACCEPTED}: the image declares no size.`);
  const { maxSide, maxPixels } = SNAPSHOT_IMAGE_LIMITS;
  if (width > maxSide || height > maxSide || width * height > maxPixels) {
    return refuse('image-not-accepted', `The image declares ${width}×${height} pixels; at most ${maxSide} a side and ${maxPixels} in all are accepted.`);
  }
  return ok(true);
};
