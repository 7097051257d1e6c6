import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { constants, crc32, deflateRaw } from 'node:zlib';

/** Input bytes a deflate job takes: big enough that a job runs ~10 ms on the pool between two returns to this thread. */
const PIECE_BYTES = 1 << 20;
/** Deflate jobs of an entry at once on libuv's pool, each piece held until the output has taken the one before. */
const PIECES_AHEAD = 3;
/** A job's output buffer: a piece of XML deflates to ~15 %, so one job returns once, with all of it. */
const JOB_OUTPUT_BYTES = 512 * 1024;
const MAX_32 = 0xffffffff;
const VERSION = 20;
const VERSION_ZIP64 = 45;
/** General purpose flags: sizes and CRC in a data descriptor after the data (bit 3), names in UTF-8 (bit 11). */
const FLAGS = 0x0808;
const DEFLATED = 8;

/** A part as exceljs appends it: XML text, bytes, or a worksheet's stream (which pipes its 64 KB buffers). */
type PartSource = string | Buffer | { pipe(destination: NodeJS.WritableStream): unknown };

interface Part {
  readonly name: Buffer;
  readonly chunks: AsyncIterable<Buffer> | Iterable<Buffer>;
}

interface WrittenPart {
  readonly name: Buffer;
  readonly offset: number;
  readonly crc: number;
  readonly size: number;
  readonly compressed: number;
}

const deflatePiece = (piece: Buffer, last: boolean): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    deflateRaw(
      piece,
      { level: constants.Z_BEST_SPEED, chunkSize: JOB_OUTPUT_BYTES, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH },
      (error, deflated) => (error ? reject(error) : resolve(deflated)),
    );
  });

/** A time as MS-DOS writes it in a zip header (UTC, as archiver writes it), within the years the format holds. */
const dosTime = (date: Date): number => {
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

/**
 * A worksheet's stream as it arrives: exceljs writes it ~64 KB at a time (and ends it at the sheet's commit); the zip
 * takes the chunks when the part is written. A write is acknowledged only when taken, so what the zip has not taken
 * yet is this Writable's `writableLength`, which the workbook's FlowControl watches to pause the rows.
 */
class PartInput extends Writable implements AsyncIterable<Buffer> {
  private ready: Buffer[] = [];
  private acknowledge: (() => void) | undefined;
  private ended = false;
  private wake: (() => void) | undefined;

  constructor() {
    super({ highWaterMark: PIECE_BYTES });
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    for (const { chunk } of chunks) this.ready.push(chunk);
    this.acknowledge = () => callback();
    this.wake?.();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.ended = true;
    this.wake?.();
    callback();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    for (;;) {
      if (this.ready.length > 0) {
        const taken = this.ready;
        this.ready = [];
        const acknowledge = this.acknowledge;
        this.acknowledge = undefined;
        acknowledge?.();
        yield* taken;
      } else if (this.ended) {
        return;
      } else {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = undefined;
      }
    }
  }
}

/**
 * The xlsx's zip, in place of archiver under exceljs' streamed workbook (decision 421): the same parts, in the order
 * appended, each deflated at level 1 — but a part's bytes are deflated in pieces of 1 MiB, several at once on libuv's
 * pool, each piece a raw deflate ending in a sync flush (the last in the final block), so the pieces joined are one
 * valid deflate stream (as pigz writes them). archiver deflated a sheet through a zlib stream, 64 KB a job, each job
 * waiting for the workbook thread's event loop (busy writing rows) to hand it the next, and took a CRC in JavaScript:
 * the deflate ran mostly while the rows waited, not beside them. The CRC is zlib's own here. Sizes and offsets past 4
 * GiB take ZIP64 records, as archiver's did.
 *
 * It offers what exceljs' WorkbookWriter uses of archiver (`append`, `finalize`, 'error') and what a failed export
 * uses (`unpipe`, `abort`), and ends `output` after the central directory.
 */
export class XlsxZip extends EventEmitter {
  private readonly parts: Part[] = [];
  private readonly written: WrittenPart[] = [];
  private finalized = false;
  private stopped = false;
  private offset = 0;
  private partAdded: (() => void) | undefined;
  private readonly time: number;

  constructor(
    private output: NodeJS.WritableStream | undefined,
    date = new Date(),
  ) {
    super();
    this.time = dosTime(date);
    this.run().catch((error: unknown) => {
      if (!this.stopped) this.emit('error', error instanceof Error ? error : new Error(String(error)));
    });
  }

  append(source: PartSource, { name }: { name: string }): this {
    // archiver's names: no leading slash (exceljs names some parts `/xl/…`).
    const part = { name: Buffer.from(name.replace(/^\/+/, '')), chunks: this.chunksOf(source) };
    this.parts.push(part);
    this.partAdded?.();
    return this;
  }

  finalize(): void {
    this.finalized = true;
    this.partAdded?.();
  }

  /** Stops writing to `output` (a failed export leaves it unfinished). */
  unpipe(): void {
    this.output = undefined;
  }

  abort(): void {
    this.stopped = true;
    this.output = undefined;
    this.partAdded?.();
  }

  private chunksOf(source: PartSource): Part['chunks'] {
    if (typeof source === 'string') return [Buffer.from(source)];
    if (Buffer.isBuffer(source)) return [source];
    const input = new PartInput();
    source.pipe(input);
    return input;
  }

  private async run(): Promise<void> {
    for (let index = 0; ; index++) {
      while (index === this.parts.length && !this.finalized && !this.stopped) {
        await new Promise<void>((resolve) => {
          this.partAdded = resolve;
        });
        this.partAdded = undefined;
      }
      if (this.stopped) return;
      const part = this.parts[index];
      if (!part) break;
      await this.writePart(part);
    }
    await this.write(this.centralDirectory());
    this.output?.end();
  }

  private async writePart(part: Part): Promise<void> {
    const offset = this.offset;
    await this.write(localHeader(part.name, this.time));
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const ahead: Promise<Buffer>[] = [];
    const settleTo = async (count: number): Promise<void> => {
      while (ahead.length > count) {
        const deflated = await ahead.shift()!;
        compressed += deflated.length;
        await this.write(deflated);
      }
    };
    let piece: Buffer[] = [];
    let pieceBytes = 0;
    for await (const chunk of part.chunks) {
      if (this.stopped) return;
      crc = crc32(chunk, crc);
      size += chunk.length;
      piece.push(chunk);
      pieceBytes += chunk.length;
      if (pieceBytes >= PIECE_BYTES) {
        ahead.push(deflatePiece(Buffer.concat(piece, pieceBytes), false));
        piece = [];
        pieceBytes = 0;
        await settleTo(PIECES_AHEAD - 1);
      }
    }
    ahead.push(deflatePiece(Buffer.concat(piece, pieceBytes), true));
    await settleTo(0);
    this.written.push({ name: part.name, offset, crc, size, compressed });
    await this.write(dataDescriptor(crc, size, compressed));
  }

  private async write(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    const output = this.output;
    if (this.stopped || !output) return;
    if (output.write(bytes)) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        output.removeListener('drain', done);
        output.removeListener('close', done);
        output.removeListener('error', done);
        resolve();
      };
      output.on('drain', done);
      output.on('close', done);
      output.on('error', done);
    });
  }

  private centralDirectory(): Buffer {
    const start = this.offset;
    const headers = this.written.map((part) => centralHeader(part, this.time));
    const length = headers.reduce((total, header) => total + header.length, 0);
    const zip64 = this.written.length >= 0xffff || start + length >= MAX_32 || this.written.some(needsZip64);
    const records: Buffer[] = [...headers];
    if (zip64) records.push(zip64End(this.written.length, length, start));
    records.push(end(zip64 ? 0xffff : this.written.length, zip64 ? MAX_32 : length, zip64 ? MAX_32 : start));
    return Buffer.concat(records);
  }
}

const needsZip64 = (part: WrittenPart): boolean => part.size >= MAX_32 || part.compressed >= MAX_32 || part.offset >= MAX_32;

const localHeader = (name: Buffer, time: number): Buffer => {
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

const dataDescriptor = (crc: number, size: number, compressed: number): Buffer => {
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
