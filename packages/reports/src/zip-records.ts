/**
 * The records of a zip around its parts' data (APPNOTE 6.3): a local header before each part, its data descriptor
 * after it, and the central directory at the end, with ZIP64 records where a size or an offset passes 4 GiB, as
 * archiver wrote them. For `XlsxZip` (decision 421).
 */

const MAX_32 = 0xffffffff;
const VERSION = 20;
const VERSION_ZIP64 = 45;
/** General purpose flags: sizes and CRC in a data descriptor after the data (bit 3), names in UTF-8 (bit 11). */
const FLAGS = 0x0808;
const DEFLATED = 8;

/** A part once written: where it starts and what its data descriptor said. */
export interface WrittenPart {
  readonly name: Buffer;
  readonly offset: number;
  readonly crc: number;
  readonly size: number;
  readonly compressed: number;
}

/** A time as MS-DOS writes it in a zip header (UTC, as archiver writes it), within the years the format holds. */
export const dosTime = (date: Date): number => {
  const year = date.getUTCFullYear();
  if (year < 1980) return 0x00210000;
  if (year > 2107) return 0xff9fbf7d;
  return (
    (((year - 1980) << 25) |
      ((date.getUTCMonth() + 1) << 21) |
      (date.getUTCDate() << 16) |
      (date.getUTCHours() << 11) |
      (date.getUTCMinutes() << 5) |
      (date.getUTCSeconds() >> 1)) >>>
    0
  );
};

const needsZip64 = (part: WrittenPart): boolean => part.size >= MAX_32 || part.compressed >= MAX_32 || part.offset >= MAX_32;

export const localHeader = (name: Buffer, time: number): Buffer => {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATED, 8);
  header.writeUInt32LE(time, 10);
  // CRC and sizes (14–25) are zero: the data descriptor after the data gives them.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
};

export const dataDescriptor = (crc: number, size: number, compressed: number): Buffer => {
  if (size < MAX_32 && compressed < MAX_32) {
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    return descriptor;
  }
  const descriptor = Buffer.alloc(24);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeBigUInt64LE(BigInt(compressed), 8);
  descriptor.writeBigUInt64LE(BigInt(size), 16);
  return descriptor;
};

const centralHeader = (part: WrittenPart, time: number): Buffer => {
  const zip64 = needsZip64(part);
  const extra = Buffer.alloc(zip64 ? 28 : 0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(part.size), 4);
    extra.writeBigUInt64LE(BigInt(part.compressed), 12);
    extra.writeBigUInt64LE(BigInt(part.offset), 20);
  }
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION, 4);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATED, 10);
  header.writeUInt32LE(time, 12);
  header.writeUInt32LE(part.crc, 16);
  header.writeUInt32LE(zip64 ? MAX_32 : part.compressed, 20);
  header.writeUInt32LE(zip64 ? MAX_32 : part.size, 24);
  header.writeUInt16LE(part.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // Comment length, disk, internal and external attributes (32–41) are zero.
  header.writeUInt32LE(zip64 ? MAX_32 : part.offset, 42);
  return Buffer.concat([header, part.name, extra]);
};

const zip64End = (count: number, length: number, start: number): Buffer => {
  const record = Buffer.alloc(56 + 20);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(VERSION_ZIP64, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(length), 40);
  record.writeBigUInt64LE(BigInt(start), 48);
  // The locator: where the record above starts.
  record.writeUInt32LE(0x07064b50, 56);
  record.writeBigUInt64LE(BigInt(start + length), 64);
  record.writeUInt32LE(1, 72);
  return record;
};

const end = (count: number, length: number, start: number): Buffer => {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(count, 8);
  record.writeUInt16LE(count, 10);
  record.writeUInt32LE(length, 12);
  record.writeUInt32LE(start, 16);
  return record;
};

/** The central directory of the parts written, starting at `start`, and its end records. */
export const centralDirectory = (written: readonly WrittenPart[], start: number, time: number): Buffer => {
  const headers = written.map((part) => centralHeader(part, time));
  const length = headers.reduce((total, header) => total + header.length, 0);
  const zip64 = written.length >= 0xffff || start + length >= MAX_32 || written.some(needsZip64);
  const records: Buffer[] = [...headers];
  if (zip64) records.push(zip64End(written.length, length, start));
  records.push(end(zip64 ? 0xffff : written.length, zip64 ? MAX_32 : length, zip64 ? MAX_32 : start));
  return Buffer.concat(records);
};
