// The reader of the server's standard output, as a terminal or journald reads it: a pipe drained as fast as the
// server writes, in a process of its own (so the load generator's busy event loop never holds the server's writes
// back). Counts the lines; the bench asks for the count over IPC before and after each row.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

if (process.argv[2] === '--drain') {
  let lines = 0;
  process.stdin.on('data', (chunk) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  });
  process.on('message', () => process.send(lines));
  // Ends with the bench (the IPC channel closes), not with the server: a restarted server writes to the same drain.
  process.on('disconnect', () => process.exit(0));
}

/** Starts a drain; `stdin` is what a server's stdout is given, `lines()` answers how many lines it has read so far. */
export const startLogDrain = () => {
  const child = fork(fileURLToPath(import.meta.url), ['--drain'], { stdio: ['pipe', 'ignore', 'inherit', 'ipc'] });
  const lines = () =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send('count');
    });
  /**
   * The count once the server has stopped writing for `quietMs`: a server under load buffers log lines in memory
   * faster than the pipe takes them, and writes the backlog after the load ends. Also answers how long that took.
   */
  const settled = async ({ quietMs = 500, maxMs = 30_000 } = {}) => {
    const started = performance.now();
    let count = await lines();
    let quietSince = performance.now();
    while (performance.now() - quietSince < quietMs && performance.now() - started < maxMs) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await lines();
      if (now !== count) {
        count = now;
        quietSince = performance.now();
      }
    }
    return { lines: count, ms: Math.max(0, quietSince - started) };
  };
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.disconnect();
    });
  return { stdin: child.stdin, lines, settled, stop, child };
};
