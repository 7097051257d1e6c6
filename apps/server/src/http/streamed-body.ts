import type { Readable } from 'node:stream';
import { errorCodes, type FastifyRequest } from 'fastify';

/** Reads a body as it arrives: each chunk in turn (throwing refuses the body there, the rest unread), then its end. */
export interface ChunkReader<T> {
  /** Sees each chunk whole as the socket brings it, before its slices: a cheap check that may refuse it at once. */
  ahead?(bytes: Buffer): void;
  chunk(bytes: Buffer): void;
  end(): T | Promise<T>;
}

/** The most bytes a reader is given in one turn of the event loop: a few milliseconds of csv-parse at worst. */
export const SLICE_BYTES = 4 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A request body fed to `reader` as it arrives, held to the route's body limit as Fastify's own reader holds it
 * (413.1; 400.1 for a body its Content-Length does not match). Each chunk the socket brings (up to 64 KiB) is given
 * in slices of SLICE_BYTES with a turn of the event loop between them, the body paused meanwhile: other requests are
 * answered between slices, so no body is ever one long task. A refusal stops the reading at once; Fastify closes the
 * connection after the answer, and the rest of the body is never read (decision 630).
 */
export const readBodyInChunks = <T>(
  request: FastifyRequest,
  payload: Readable,
  reader: ChunkReader<T>,
  done: (error: Error | null, body?: T) => void,
): void => {
  const limit = request.routeOptions.bodyLimit;
  const declared = Number(request.headers['content-length']);
  if (declared > limit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  let received = 0;
  let failed = false;
  const stop = () => {
    // Paused, not destroyed: the answer still goes out on the connection, which Fastify then closes.
    payload.pause();
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
  };
  const fail = (error: Error) => {
    if (failed) return;
    failed = true;
    stop();
    done(error);
  };
  const read = async (bytes: Buffer) => {
    for (let at = 0; at < bytes.length && !failed; at += SLICE_BYTES) {
      if (at > 0) await nextTurn();
      if (!failed) reader.chunk(bytes.subarray(at, at + SLICE_BYTES));
    }
  };
  function onData(chunk: Buffer | string): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > limit) return fail(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    try {
      reader.ahead?.(bytes);
      if (bytes.length <= SLICE_BYTES) return reader.chunk(bytes);
    } catch (error) {
      return fail(error as Error);
    }
    payload.pause();
    read(bytes).then(() => {
      if (!failed) payload.resume();
    }, fail);
  }
  function onEnd(error?: Error & { statusCode?: number }): void {
    if (failed) return;
    stop();
    if (error) {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      return done(error);
    }
    if (!Number.isNaN(declared) && received !== declared) return done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    Promise.resolve()
      .then(() => reader.end())
      .then((body) => done(null, body), done);
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
};
