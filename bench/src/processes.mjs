// Child processes the bench measures: the baseline and the Assay server, each in its own process so that
// the load generator never shares their event loop.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Node's flags for the server as `pnpm start` (and `scripts/up.sh`) give them: the bench measures the server as it
 * is started, e.g. its request thread's young generation (decision 258).
 */
const startScriptOf = (root) => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
export const startFlagsOf = (root) => startScriptOf(root).match(/(?<=\s)--[a-z-]+=\S+/g) ?? [];
export const SERVER_NODE_FLAGS = startFlagsOf(fileURLToPath(new URL('../../', import.meta.url)));
/**
 * The environment the start script sets before `exec node` (`NAME=value exec node …`): glibc's malloc settings
 * (decision 500), which must be in the environment when the process starts. The bench starts the server with them too.
 */
export const startEnvOf = (root) =>
  Object.fromEntries(
    [...(startScriptOf(root).split(/\bexec\b/)[0] ?? '').matchAll(/([A-Z_][A-Z0-9_]*)=(?:\$\{\1:-([^}]*)\}|(\S+))/g)].map(([, name, fallback, value]) => [
      name,
      // `NAME=${NAME:-value}`: the value unless the environment sets one, as the shell does.
      fallback === undefined ? value : process.env[name] || fallback,
    ]),
  );
export const SERVER_ENV = startEnvOf(fileURLToPath(new URL('../../', import.meta.url)));

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Resident memory of a process in MB, from /proc (Linux). */
export const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : Number.NaN;
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200; answers the milliseconds it took. */
export const waitUntilReady = async (url, started, child, timeoutMs = 30_000) => {
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
};

/**
 * Starts `node [nodeFlags] script` with `env`; stderr is kept for the error message of a failed start. `stdout`: where
 * its standard output goes (a stream with a file descriptor, e.g. a log drain's stdin; by default nowhere).
 */
export const startProcess = (script, env, cwd, nodeFlags = [], { stdout = 'ignore' } = {}) => {
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, script], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  return {
    child,
    started,
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        // Ended already: by itself (exitCode) or by a signal (signalCode; exitCode stays null then).
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
};
