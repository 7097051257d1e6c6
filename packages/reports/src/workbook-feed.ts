import type { MessagePort } from 'node:worker_threads';
import type { PassThrough } from 'node:stream';
import type { TestDetails } from '@assay/domain';
import { candidateCells } from './candidates-sheet.js';
import type { WorkbookInput, WorkbookRow } from './workbook-rows.js';
import type { FromWorker, ToWorker } from './workbook-channel.js';

/** Rows per message: large enough that messaging costs little, small enough to keep memory flat. */
export const ROWS_PER_BATCH = 256;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The request thread's end of a streaming workbook: reads the candidates for the worker batch by batch (a Candidates
 * row as its cells for `test`'s columns), and writes
 * the worker's chunks into `body` (the HTTP response), acknowledging each once `body` has room. When the client goes
 * away the worker is told to stop; when the rows fail, the worker is told and `body` is destroyed.
 */
export const feedWorkbook = (
  port: MessagePort,
  test: TestDetails,
  candidates: AsyncIterable<WorkbookRow>,
  body: PassThrough,
): { settle(error?: unknown): void } => {
  const rows = candidates[Symbol.asyncIterator]();
  let stopped: string | undefined;
  let reading = false;
  const send = (message: ToWorker): void => port.postMessage(message);

  const stop = (reason: string): void => {
    if (stopped !== undefined) return;
    stopped = reason;
    send({ type: 'fail', message: reason });
    // Release the database cursor unless a read is under way (that read's end releases it instead).
    if (!reading) void rows.return?.()?.catch(() => {});
  };

  /** The next message for the worker: a batch of rows, the end, or the failure that stopped the feed. */
  const readBatch = async (): Promise<ToWorker> => {
    reading = true;
    const batch: WorkbookInput[] = [];
    try {
      while (batch.length < ROWS_PER_BATCH) {
        const step = await rows.next();
        if (step.done) break;
        // Only what the sheets show crosses to the worker: a candidate's cells, not its report objects.
        const row = step.value;
        batch.push('kind' in row ? row : { kind: 'candidate-cells', cells: candidateCells(test, row) });
      }
    } catch (error) {
      reading = false;
      stop(`The candidates could not be read: ${messageOf(error)}`);
      body.destroy(error instanceof Error ? error : new Error(messageOf(error)));
      return { type: 'fail', message: stopped ?? messageOf(error) };
    }
    reading = false;
    if (stopped !== undefined) {
      void rows.return?.()?.catch(() => {});
      return { type: 'fail', message: stopped };
    }
    return batch.length === 0 ? { type: 'end' } : { type: 'rows', rows: batch };
  };

  /**
   * The batch after the one the worker is writing, read meanwhile: the database read and the worksheet writing
   * overlap instead of taking turns (each thread used to wait idle for the other about a third of the export).
   * The first batch is read at once, while the worker thread starts and loads its libraries.
   */
  let ahead: Promise<ToWorker> | undefined = readBatch();

  const nextBatch = async (): Promise<void> => {
    if (stopped !== undefined) return send({ type: 'fail', message: stopped });
    const message = await (ahead ?? readBatch());
    ahead = undefined;
    if (stopped !== undefined) return send({ type: 'fail', message: stopped });
    send(message);
    if (message.type === 'rows') ahead = readBatch();
  };

  const takeChunk = (bytes: Uint8Array): void => {
    const ack = (): void => send({ type: 'ack' });
    if (body.destroyed || body.writableEnded || body.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) {
      ack();
      return;
    }
    const release = (): void => {
      body.off('drain', release);
      body.off('close', release);
      ack();
    };
    body.on('drain', release);
    body.on('close', release);
  };

  port.on('message', (message: FromWorker) => {
    if (message.type === 'pull') void nextBatch();
    else if (message.type === 'chunk') takeChunk(message.bytes);
    else if (message.type === 'done') {
      body.end();
      port.close();
    }
  });
  body.on('close', () => {
    if (!body.writableFinished) stop('The download was closed before the workbook was complete.');
  });

  return {
    /** The worker's task has ended: a failure destroys the download (a truncated file must not look complete). */
    settle(error?: unknown): void {
      if (error === undefined) return;
      stop(messageOf(error));
      if (!body.destroyed) body.destroy(error instanceof Error ? error : new Error(messageOf(error)));
      port.close();
    },
  };
};
