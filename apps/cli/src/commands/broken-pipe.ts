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
