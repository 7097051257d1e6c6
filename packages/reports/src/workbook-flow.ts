import type { EventEmitter } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type ExcelJS from 'exceljs';

/** Rows between turns of the event loop, so zlib and the output get to run while rows are produced. */
const ROWS_PER_TURN = 256;
/** Bytes the zip may hold for the sheet being written before row production waits for it to drain. */
const ENTRY_HIGH_WATER = 1 << 20;

interface BufferedWritable extends EventEmitter {
  writableLength?: number;
  _writableState?: { length?: number };
}

/**
 * exceljs' streaming writer ignores backpressure: each sheet is a buffer that is piped (without waiting) into the
 * zip entry stream, which queues whatever it is given. To keep memory flat, row production pauses while that entry
 * stream holds more than ENTRY_HIGH_WATER bytes or the output asks for a drain. The entry stream is found through
 * exceljs/archiver internals; when it is not where expected, only the output's backpressure and the periodic
 * yields apply.
 */
export class FlowControl {
  private failure: Error | undefined;
  private finished = false;
  private rowsSinceTurn = 0;
  readonly failed: Promise<never>;
  private readonly detach: () => void;

  constructor(
    private readonly output: NodeJS.WritableStream,
    zip: EventEmitter | undefined,
  ) {
    let reject: (error: Error) => void = () => {};
    this.failed = new Promise<never>((_, rejectFailed) => {
      reject = rejectFailed;
    });
    this.failed.catch(() => {});
    const fail = (error: Error): void => {
      if (this.finished || this.failure) return;
      this.failure = error;
      reject(error);
    };
    // A writable that finished closes right after: only a close before 'finish' is a failure.
    let outputFinished = false;
    const onFinish = (): void => {
      outputFinished = true;
    };
    const onError = (error: Error): void => fail(error);
    const onClose = (): void => {
      if (!outputFinished) fail(new Error('The output closed before the workbook was complete.'));
    };
    output.on('finish', onFinish);
    output.on('error', onError);
    output.on('close', onClose);
    zip?.on('error', onError);
    this.detach = () => {
      output.removeListener('finish', onFinish);
      output.removeListener('error', onError);
      output.removeListener('close', onClose);
      zip?.removeListener('error', onError);
    };
  }

  check(): void {
    if (this.failure) throw this.failure;
  }

  /** Resolves with `work`, or rejects as soon as the output or the zip fails. */
  async race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.failed]);
  }

  /** Call after each committed row: waits while the zip or the output is backed up. */
  async afterRow(sheet: ExcelJS.Worksheet): Promise<void> {
    this.check();
    this.rowsSinceTurn += 1;
    if (this.rowsSinceTurn >= ROWS_PER_TURN) {
      this.rowsSinceTurn = 0;
      await this.race(nextTurn());
    }
    const entry = entryStream(sheet);
    if (entry && bufferedBytes(entry) > ENTRY_HIGH_WATER) await this.race(drained(entry));
    const output = this.output as NodeJS.WritableStream & { writableNeedDrain?: boolean };
    if (output.writableNeedDrain) await this.race(drained(output));
    this.check();
  }

  finish(): void {
    this.finished = true;
    this.detach();
  }
}

/** The stream the worksheet's buffer is piped into (archiver wraps the sheet buffer in a PassThrough). */
const entryStream = (sheet: ExcelJS.Worksheet): BufferedWritable | undefined => {
  const buffer = (sheet as unknown as { _stream?: { pipes?: unknown } })._stream;
  const pipes = buffer?.pipes;
  if (!Array.isArray(pipes)) return undefined;
  const first: unknown = pipes[0];
  return first !== null && typeof first === 'object' && 'once' in first ? (first as BufferedWritable) : undefined;
};

const bufferedBytes = (stream: BufferedWritable): number => stream.writableLength ?? stream._writableState?.length ?? 0;

const drained = (stream: EventEmitter): Promise<void> =>
  new Promise((resolve) => {
    stream.once('drain', () => resolve());
  });
