import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { constants, crc32, deflateRaw } from 'node:zlib';
import { centralDirectory, dataDescriptor, dosTime, localHeader, type WrittenPart } from './zip-records.js';

/** Input bytes a deflate job takes: big enough that a job runs ~10 ms on the pool between two returns to this thread. */
const PIECE_BYTES = 1 << 20;
/** Deflate jobs of an entry at once on libuv's pool, each piece held until the output has taken the one before. */
const PIECES_AHEAD = 3;
/** A job's output buffer: a piece of XML deflates to ~15 %, so one job returns once, with all of it. */
const JOB_OUTPUT_BYTES = 512 * 1024;
/** A part as exceljs appends it: XML text, bytes, or a worksheet's stream (which pipes its 64 KB buffers). */
type PartSource = string | Buffer | { pipe(destination: NodeJS.WritableStream): unknown };

interface Part {
  readonly name: Buffer;
  readonly chunks: AsyncIterable<Buffer> | Iterable<Buffer>;
}

const deflatePiece = (piece: Buffer, last: boolean): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    deflateRaw(
      piece,
      { level: constants.Z_BEST_SPEED, chunkSize: JOB_OUTPUT_BYTES, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH },
      (error, deflated) => (error ? reject(error) : resolve(deflated)),
    );
  });

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
    await this.write(centralDirectory(this.written, this.offset, this.time));
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
}
