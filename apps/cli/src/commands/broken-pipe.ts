import { spawn } from 'node:child_process';
import { fstatSync } from 'node:fs';
/**
 * `assay … | head -1`: once the reader has gone, a write fails with EPIPE. That is how pipelines end, not a
 * failure of the command: exit 0 at once, printing nothing more (a stack trace on stderr would be noise, and
 * exit code 1 means "the API refused"). Any other stream error is left as it was (it surfaces).
 */
export const exitQuietlyOnBrokenPipe = (streams: readonly NodeJS.WritableStream[], exit: (code: number) => void): void => {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      exit(0);
    });
  }
};

/** An AbortSignal that fires when a write to `stream` fails (the reader of a pipe went away). */
export const abortedOnWriteError = (stream: NodeJS.WritableStream): { signal: AbortSignal; dispose(): void } => {
  const controller = new AbortController();
  const abort = () => controller.abort();
  stream.once('error', abort);
  return { signal: controller.signal, dispose: () => stream.off('error', abort) };
};

/**
 * Fires when the reader of `stdout` (a pipe) goes away while nothing is being written — `assay events --follow |
 * head -1` after the first line, when the next event may be hours away. A write would tell (EPIPE), but a follow
 * has nothing to write, and Node cannot poll a pipe's write end. GNU `tail -f` can: since coreutils 8.28 it exits
 * as soon as the pipe it writes to is closed. So a `tail -f /dev/null` shares our stdout (it never writes to it)
 * and its death by SIGPIPE is the signal; `--pid` ends it within a second of ours, however we end. Where tail is
 * not GNU's (or absent), it exits at once for another reason, and the next write's EPIPE still ends the follow.
 */
export const abortedOnReaderGone = (stdout: NodeJS.WritableStream & { fd?: number }): { signal: AbortSignal; dispose(): void } => {
  const controller = new AbortController();
  if (stdout.fd === undefined || !isPipe(stdout.fd)) return { signal: controller.signal, dispose: () => {} };
  const watcher = spawn('tail', ['-f', `--pid=${process.pid}`, '/dev/null'], { stdio: ['ignore', stdout.fd, 'ignore'] });
  watcher.once('error', () => {});
  watcher.once('exit', (_code, signal) => {
    if (signal === 'SIGPIPE') controller.abort();
  });
  return {
    signal: controller.signal,
    dispose: () => {
      watcher.removeAllListeners('exit');
      if (watcher.exitCode === null && watcher.signalCode === null) watcher.kill();
    },
  };
};

const isPipe = (fd: number): boolean => {
  try {
    return fstatSync(fd).isFIFO();
  } catch {
    return false;
  }
};
