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
 * (413.1; 400.1 for a body its Content-Length does not match). Each chunk the socket brings (up to 64 KiB) is shown
 * whole to `reader.ahead`, then given in slices of SLICE_BYTES with a turn of the event loop between them, the body
 * paused meanwhile: other requests are answered between slices, so no body is ever one long task. After a refusal
 * nothing more is parsed: the rest of the body (within the limit) is let through unread and the refusal answered at
 * its end — answered earlier, the connection Fastify then closes would reset a client still sending, which loses
 * the answer (decision 630).
 */
export const readBodyInChunks = <T>(
  request: FastifyRequest,
  payload: Readable,
  reader: ChunkReader<T>,
  done: (error: Error | null, body?: T) => void,
): void => {
  const limit = request.routeOptions.bodyLimit;
  const declared = Number(request.headers['content-length']);
  if (declared > limit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  let received = 0;
  let refused: Error | undefined;
  let answered = false;
  /** The slices of the chunk being fed, while they are: the body's end may come before its last chunk is read. */
  let feeding: Promise<void> | undefined;
  const answer = (error: Error | null, body?: T) => {
    if (answered) return;
    answered = true;
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
    done(error, body);
  };
  const refuse = (error: Error) => {
    refused ??= error;
    if (payload.isPaused()) payload.resume();
  };
  const read = async (bytes: Buffer) => {
    for (let at = 0; at < bytes.length && !refused; at += SLICE_BYTES) {
      if (at > 0) await nextTurn();
      if (!refused) reader.chunk(bytes.subarray(at, at + SLICE_BYTES));
    }
  };
  function onData(chunk: Buffer | string): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > limit) {
      answer(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    if (refused) return;
    try {
      reader.ahead?.(bytes);
      if (bytes.length <= SLICE_BYTES) {
        reader.chunk(bytes);
        return;
      }
    } catch (error) {
      refuse(error as Error);
      return;
    }
    payload.pause();
    feeding = read(bytes).then(
      () => {
        feeding = undefined;
        if (!refused) payload.resume();
      },
      (error: Error) => {
        feeding = undefined;
        refuse(error);
      },
    );
  }
  function onEnd(error?: Error & { statusCode?: number }): void {
    if (error) {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      answer(error);
      return;
    }
    // The stream ends as soon as its last chunk is handed over, not when the reader has been fed it: ending the
    // reader then would drop the slices still to come (rows lost without a word, or a record cut in two).
    if (feeding) {
      void feeding.then(() => onEnd());
      return;
    }
    if (refused) {
      answer(refused);
      return;
    }
    if (!Number.isNaN(declared) && received !== declared) {
      answer(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      return;
    }
    payload.removeListener('data', onData);
    Promise.resolve()
      .then(() => reader.end())
      .then((body) => answer(null, body), answer);
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
};
