import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images for the hostile-image suite, built byte by byte so each is exactly the attack it names: small, with a
 * valid signature, and wrong where a decoder would trust it.
 */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const pngChunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** RGBA (colour type 6): the kind pdfkit has to inflate itself to split off the alpha channel. */
const ihdr = (width: number, height: number): Buffer => {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8;
  data[9] = 6;
  return pngChunk('IHDR', data);
};

const png = (width: number, height: number, idat: Buffer): Buffer =>
  Buffer.concat([PNG_SIGNATURE, ihdr(width, height), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);

/** A 16×16 PNG whose IDAT is not zlib at all (about 90 bytes). */
export const garbageZlibPng = (): Buffer => png(16, 16, Buffer.from('this is not a zlib stream, not even close'));

/** A 64×64 PNG whose zlib stream stops half way. */
export const truncatedZlibPng = (): Buffer => {
  const rows = Buffer.alloc(64 * (1 + 64 * 4), 0x7f);
  const full = deflateSync(rows);
  return png(64, 64, full.subarray(0, Math.floor(full.length / 2)));
};

/** A PNG whose header declares 60000×60000 RGBA pixels (14.4 GB decoded) in about 100 bytes. */
export const hugeHeaderPng = (): Buffer => png(60_000, 60_000, deflateSync(Buffer.alloc(1024)));

/** A real, decodable image of the given type, with a bit of detail so it is not trivially compressible. */
export const realImage = async (format: 'jpeg' | 'png' | 'webp', width = 320, height = 240): Promise<Buffer> => {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 37 + Math.floor(index / 97)) % 251;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (format === 'jpeg' ? image.jpeg({ quality: 80 }) : format === 'png' ? image.png() : image.webp()).toBuffer();
};

/** A real JPEG with noise: big in bytes for its size. */
export const noisyJpeg = async (width: number, height: number): Promise<Buffer> => {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let index = 0; index < pixels.length; index++) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    pixels[index] = seed & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
};

export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10000" height="10000"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

export const dataUrl = (mediaType: string, bytes: Buffer): string => `data:${mediaType};base64,${bytes.toString('base64')}`;

/** Whether the bytes are a JPEG (SOI marker), as every stored snapshot must now be. */
export const isJpeg = (bytes: Buffer): boolean => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
