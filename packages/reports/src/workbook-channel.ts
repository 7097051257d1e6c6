import type { MessagePort } from 'node:worker_threads';
import { Writable } from 'node:stream';
import type { WorkbookInput } from './workbook-rows.js';

/**
 * The conversation between the request thread and a render worker while a workbook streams. The database stays on
 * the request thread, so rows travel to the worker in batches it asks for, and the xlsx bytes travel back in chunks
 * the request thread acknowledges once the HTTP response has taken them. The worker holds at most two batches (the one
 * it writes and the next) and one chunk in flight, so memory stays flat however many candidates there are and however
 * slow the client reads.
 */
export type ToWorker =
  | { type: 'rows'; rows: WorkbookInput[] }
  | { type: 'end' }
  /** The rows failed (the database) or the client went away: the worker stops the workbook. */
  | { type: 'fail'; message: string }
  /** The last chunk was taken; the worker may send the next. */
  | { type: 'ack' };

export type FromWorker =
  | { type: 'pull' }
  | { type: 'chunk'; bytes: Uint8Array }
  /** Every chunk was sent: the workbook is complete. */
  | { type: 'done' };

type Failure = Extract<ToWorker, { type: 'fail' }>;
type Waiter = { accept: (message: ToWorker) => boolean; resolve: (message: ToWorker) => void };

/**
 * Hands each message to the waiter of its kind: the rows and the acknowledgements are awaited side by side. A
 * failure is final and answers every waiter, now and later.
 */
class Inbox {
  private waiters: Waiter[] = [];
  private readonly early: ToWorker[] = [];
  private failure: Failure | undefined;

  constructor(private readonly port: MessagePort) {
    port.on('message', (message: ToWorker) => {
      if (message.type === 'fail') {
        this.failure = message;
        for (const waiter of this.waiters.splice(0)) waiter.resolve(message);
        return;
      }
      const index = this.waiters.findIndex((waiter) => waiter.accept(message));
      if (index >= 0) this.waiters.splice(index, 1)[0]!.resolve(message);
      else this.early.push(message);
    });
  }

  next(accept: (message: ToWorker) => boolean): Promise<ToWorker> {
    if (this.failure) return Promise.resolve(this.failure);
    const index = this.early.findIndex(accept);
    if (index >= 0) return Promise.resolve(this.early.splice(index, 1)[0]!);
    return new Promise((resolve) => this.waiters.push({ accept, resolve }));
  }

  close(): void {
    this.port.removeAllListeners('message');
  }
}

const isRowsAnswer = (message: ToWorker): boolean => message.type === 'rows' || message.type === 'end';
const isAck = (message: ToWorker): boolean => message.type === 'ack';

/** The worker's end: the rows as an async iterable (pulled batch by batch) and the output as a Writable. */
export const openWorkerChannel = (port: MessagePort) => {
  const inbox = new Inbox(port);
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

  async function* rows(): AsyncGenerator<WorkbookInput> {
    send({ type: 'pull' });
    for (;;) {
      const answer = await inbox.next(isRowsAnswer);
      if (answer.type === 'end') return;
      if (answer.type === 'fail') throw new Error(answer.message);
      if (answer.type === 'rows') {
        // The next batch is asked for before this one is written, so the request thread reads it meanwhile: the two
        // threads work side by side instead of in turns (at most this batch and the next are here).
        send({ type: 'pull' });
        yield* answer.rows;
      }
    }
  }

  const sendChunk = async (chunks: readonly { chunk: unknown }[]): Promise<void> => {
    // One copy into a buffer of its own (never a slice of Node's shared pool), handed over whole.
    const buffers = chunks.map(({ chunk }) => chunk as Buffer);
    const own = new Uint8Array(buffers.reduce((total, buffer) => total + buffer.byteLength, 0));
    let offset = 0;
    for (const buffer of buffers) {
      own.set(buffer, offset);
      offset += buffer.byteLength;
    }
    send({ type: 'chunk', bytes: own }, [own.buffer]);
    const answer = await inbox.next(isAck);
    if (answer.type === 'fail') throw new Error(answer.message);
  };

  const output = new Writable({
    highWaterMark: 256 * 1024,
    writev(chunks, callback) {
      sendChunk(chunks).then(() => callback(), callback);
    },
    final(callback) {
      send({ type: 'done' });
      callback();
    },
  });

  return { rows: rows(), output, close: () => inbox.close() };
};
