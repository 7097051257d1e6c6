import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root: processes start there, as `node apps/…/dist/main.js` does in the READMEs. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `done` every `everyMs` until it holds; answers false after `ms`. */
export const waitUntil = async (done: () => boolean | Promise<boolean>, ms: number, everyMs = 50): Promise<boolean> => {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
  return true;
};

const OUTPUT_LIMIT = 256 * 1024;

export interface Proc {
  name: string;
  child: ChildProcess;
  /** stdout and stderr interleaved (the last 256 KiB). */
  output(): string;
  alive(): boolean;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (if still running) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Every process spawned here, so a suite can kill whatever is left, whatever happened. */
const spawned: Proc[] = [];

export const spawnNode = (name: string, script: string, env: Record<string, string>): Proc =>
  spawnProcess(name, process.execPath, [script], { ...process.env, ...env });

/** Any program, from the repository root, with exactly `env`. */
export const spawnProcess = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Proc => {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const proc: Proc = {
    name,
    child,
    output: () => output,
    alive: () => running,
    exited,
    stop: async (signal = 'SIGKILL') => {
      if (running) child.kill(signal);
      await exited;
    },
  };
  spawned.push(proc);
  return proc;
};

/** SIGKILLs every process still running (afterAll, no matter what). */
export const killAll = async (): Promise<void> => {
  await Promise.all(spawned.map((proc) => proc.stop('SIGKILL')));
};

/** The tail of every process's output, for a failing test's report. */
export const diagnostics = (tail = 4_000): string =>
  spawned
    .map(
      (proc) =>
        `----- ${proc.name} (${proc.alive() ? 'running' : `exited ${proc.child.exitCode ?? proc.child.signalCode}`}) -----\n${proc.output().slice(-tail)}`,
    )
    .join('\n');

/** Resolves once the process printed something matching `pattern`; fails on an early exit or after `ms`. */
export const waitForOutput = async (proc: Proc, pattern: RegExp, ms = 30_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!pattern.test(proc.output())) {
    if (!proc.alive()) throw new Error(`${proc.name} exited early:\n${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`${proc.name}: no ${String(pattern)} after ${ms} ms:\n${proc.output()}`);
    await sleep(25);
  }
};
