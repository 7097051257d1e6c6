import pino from 'pino';

/** How long drops are counted before the warn line is written: one line for a whole burst, never one per drop. */
const DROP_REPORT_MS = 1_000;

/**
 * The server's log destination: stdout through pino's asynchronous writer (sonic-boom) instead of one blocking write
 * per line: a line is handed to a write off the request thread, and the lines logged while one is under way leave
 * together in the next (at debug, one line a request). No minimum length: a quiet server's line is not held back.
 * What is still buffered is written when the process ends, whether it closes gracefully (server-process.ts flushes
 * after the app is closed) or exits on a fatal error (the exit handler below, where only synchronous writes run).
 *
 * When stdout is slower than the server (a pipe to a slow reader, a paused journald, debug under load) the lines
 * waiting would grow without bound: past `maxBytes` waiting, sonic-boom drops a line whole (never a part of one) and
 * emits 'drop'. The drops are counted and reported in one warn line once the buffer has room again, checked every
 * second, and before the final flush.
 */
export const bufferedStdout = (maxBytes: number): pino.DestinationStream & { flushSync(): void } => {
  const destination = pino.destination({ dest: 1, sync: false, maxLength: maxBytes });
  const reporter = pino({ level: 'warn' }, destination);
  let dropped = 0;
  let since: number | undefined;
  let reporting = false;
  let reportFitted = true;
  let timer: NodeJS.Timeout | undefined;

  const report = (): void => {
    timer = undefined;
    if (dropped === 0 || since === undefined) return;
    const lines = dropped;
    reporting = true;
    reportFitted = true;
    reporter.warn({ dropped: lines, since: new Date(since).toISOString() }, `${lines} log lines dropped: stdout did not keep up`);
    reporting = false;
    if (reportFitted) {
      dropped -= lines;
      since = undefined;
    } else schedule();
  };
  const schedule = (): void => {
    timer ??= setTimeout(report, DROP_REPORT_MS).unref();
  };
  const onDrop = (): void => {
    // The warn line itself did not fit: it is tried again a second later, with the count it missed.
    if (reporting) {
      reportFitted = false;
      return;
    }
    dropped += 1;
    since ??= Date.now();
    schedule();
  };
  destination.on('drop', onDrop);

  const flushBuffered = destination.flushSync.bind(destination);
  const flushSync = (): void => {
    if (timer) clearTimeout(timer);
    // What waits leaves first, so the count of what did not fit has room after it.
    flushBuffered();
    report();
    flushBuffered();
  };
  process.once('exit', flushSync);
  return Object.assign(destination, { flushSync });
};
