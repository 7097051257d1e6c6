import { Socket } from 'node:net';

/** One chunk as a Writable hands it to `_writev`. */
interface Chunk {
  chunk: Buffer | string;
  encoding: BufferEncoding;
}

type Callback = (error?: Error | null) => void;

/** How the held chunks finally reach the kernel: the socket's own `_writev` unless a test counts the calls. */
export type WriteDown = (this: Socket, chunks: Chunk[], callback: Callback) => void;

/** Beyond this many held characters a write goes down at once, with its own callback. */
const HOLD_LIMIT_CHARACTERS = 64 * 1024;

/**
 * Every answer Node's HTTP server finishes is its own `writev` — it uncorks the socket at each `end()` — and
 * that system call was half the CPU of a small answer under pipelining. So the socket holds the string writes
 * (status lines, headers, serialised JSON) of one turn of the event loop and hands them down together in the check
 * phase of the same turn: ten pipelined requests answered in one turn leave in one `writev`, and one request per
 * turn costs nothing more.
 *
 * Held writes are acknowledged at once (strings cannot change after). Buffers — files, exports streamed from a
 * worker — go down at once, after what is held, with their own callbacks: holding a stream's chunks and
 * acknowledging them early took its pace away (a 190,000-row export took 12 s instead of 7). While a write is
 * still in the kernel's queue, or past 64 Ki characters a turn, strings go down at once too, so a slow reader
 * pushes back. Ending or destroying the socket first hands down what is held, so an answer written just before
 * `destroy()` (Node's own 400 for a malformed request) still leaves.
 */
export const coalesceWrites = (socket: Socket, writeDown: WriteDown = Socket.prototype._writev as WriteDown): void => {
  let held: Chunk[] = [];
  let heldLength = 0;
  let flushScheduled = false;
  let writesInFlight = 0;

  const down = (chunks: Chunk[], callback: Callback): void => {
    writesInFlight += 1;
    writeDown.call(socket, chunks, (error) => {
      writesInFlight -= 1;
      callback(error);
    });
  };

  const takeHeld = (): Chunk[] => {
    const chunks = held;
    held = [];
    heldLength = 0;
    return chunks;
  };

  const flush = (): void => {
    flushScheduled = false;
    if (held.length === 0) return;
    down(takeHeld(), (error) => {
      if (error) socket.destroy(error);
    });
  };

  const holdOrWriteDown = (chunks: Chunk[], callback: Callback): void => {
    held.push(...chunks);
    for (const { chunk } of chunks) heldLength += chunk.length;
    // Strings are answers (status line and headers, serialised JSON); a Buffer is a file or a stream's chunk, which
    // goes down at once with whatever is held before it, keeping the stream's own pace and backpressure.
    if (writesInFlight > 0 || heldLength > HOLD_LIMIT_CHARACTERS || chunks.some(({ chunk }) => typeof chunk !== 'string')) {
      down(takeHeld(), callback);
      return;
    }
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
    callback();
  };

  socket._writev = holdOrWriteDown;
  socket._write = (chunk: Buffer | string, encoding: BufferEncoding, callback: Callback): void => holdOrWriteDown([{ chunk, encoding }], callback);

  const final = socket._final;
  socket._final = (callback: Callback): void => {
    flush();
    final.call(socket, callback);
  };
  const destroy = socket._destroy;
  socket._destroy = (error: Error | null, callback: Callback): void => {
    flush();
    destroy.call(socket, error, callback);
  };
};
