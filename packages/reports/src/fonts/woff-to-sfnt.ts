import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const HEADER = 44;
const DIRECTORY_ENTRY = 20;

/**
 * A WOFF 1 file as the TrueType/OpenType file inside it (each table inflated, the sfnt directory rebuilt).
 * fontkit reads both, but reading the plain file is several times faster — and pdfkit reads the font again
 * for every document — so the catalogue converts each file once.
 */
export const woffToSfnt = (woff: Buffer): Buffer => {
  if (woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1 file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = HEADER + index * DIRECTORY_ENTRY;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compressed < length ? inflateSync(stored) : stored };
  });
  const directory = Buffer.alloc(12 + 16 * count);
  const power = 2 ** Math.floor(Math.log2(count));
  directory.writeUInt32BE(flavor, 0);
  directory.writeUInt16BE(count, 4);
  directory.writeUInt16BE(power * 16, 6);
  directory.writeUInt16BE(Math.log2(power), 8);
  directory.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [directory];
  let offset = directory.length;
  tables.forEach((table, index) => {
    const at = 12 + index * 16;
    directory.writeUInt32BE(table.tag, at);
    directory.writeUInt32BE(table.checksum, at + 4);
    directory.writeUInt32BE(offset, at + 8);
    directory.writeUInt32BE(table.data.length, at + 12);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
};
