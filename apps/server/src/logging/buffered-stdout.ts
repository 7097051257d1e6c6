import pino from 'pino';

/**
 * The server's log destination: stdout through pino's asynchronous writer (sonic-boom) instead of one blocking write
 * per line: a line is handed to a write off the request thread, and the lines logged while one is under way leave
 * together in the next (at debug, one line a request). No minimum length: a quiet server's line is not held back.
 * What is still buffered is written when the process ends, whether it closes gracefully (server-process.ts flushes
 * after the app is closed) or exits on a fatal error (the exit handler below, where only synchronous writes run).
 */
export const bufferedStdout = (): pino.DestinationStream & { flushSync(): void } => {
  const destination = pino.destination({ dest: 1, sync: false });
  process.once('exit', () => destination.flushSync());
  return destination;
};
