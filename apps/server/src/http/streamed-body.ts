import type { Readable } from 'node:stream';
import { errorCodes, type FastifyRequest } from 'fastify';

/** Reads a body as it arrives: each chunk in turn (throwing refuses the body there, the rest unread), then its end. */
export interface ChunkReader<T> {
  chunk(bytes: Buffer): void;
  end(): T | Promise<T>;
}

/**
 * A request body fed to `reader` chunk by chunk as it arrives, held to the route's body limit as Fastify's own reader
 * holds it (413.1; 400.1 for a body its Content-Length does not match). Each chunk is what one socket read brought
 * (64 KiB at most), so the work of a large body is spread between other requests' turns, never one long task; a
 * refusal stops the reading at once and Fastify closes the connection after the answer (decision 630).
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
  const stop = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
  };
  function onData(chunk: Buffer | string): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    try {
      if (received > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
      reader.chunk(bytes);
    } catch (error) {
      stop();
      done(error as Error);
    }
  }
  function onEnd(error?: Error & { statusCode?: number }): void {
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
