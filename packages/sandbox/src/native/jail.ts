import { spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeRunCgroup, type RunCgroup } from './jail-cgroup.js';
import { jailCommand } from './jail-command.js';
import { feedDescriptors, stdioWith } from './jail-descriptors.js';
import type { JailResult, JailSpec } from './jail-spec.js';
import { processesOf } from './jail-uid.js';
import { JAIL_ETC_PARTS } from './native-toolchains.js';

export { cgroupControl } from './jail-cgroup.js';
export { BWRAP, jailInvocation } from './jail-command.js';
export { feedDescriptors, stdioWith } from './jail-descriptors.js';
export { installLine, JAIL_PACKAGES } from './native-toolchains.js';
export { type JailAvailabilityOptions, jailAvailability } from './jail-probe.js';
export { processesOf, releaseUid, takeUid } from './jail-uid.js';

/**
 * Runs one command in a bubblewrap jail (jail-command.ts, decision 700) as the run's own uid (decision 701), in a
 * memory and pids cgroup of its own where the host allows one, rlimits otherwise (decision 702). Output past the
 * limit, the wall clock or an abort kill it; when it ends, for whatever reason, every process of it is gone: the
 * pid namespace dies with its first process (bwrap --die-with-parent), and what is left in the cgroup is killed
 * before this answers (decision 703).
 */
export function runInJail(spec: JailSpec, uid: number): Promise<JailResult> {
  const started = performance.now();
  // The run's directory is the run's uid's; readable by others, so that a later step (another uid) can bind it
  // read-only. No other run can reach it anyway: a run sees only what its own mount namespace binds.
  if (process.getuid?.() === 0) {
    chownSync(spec.dir, uid, uid);
    chmodSync(spec.dir, 0o755);
  }
  const cgroup = makeRunCgroup(`assay-jail-${uid}`, spec.limits);
  const results = resultsFile(uid);
  const command = jailCommand(spec, uid, cgroup?.procsFiles ?? [], { statusFd: STATUS_FD, resultsFile: results.file, etc: JAIL_ETC_PARTS });
  return new Promise((resolve) => {
    const stdio = stdioWith(['pipe', 'pipe', 'pipe', 'ignore', 'pipe'], command.descriptors);
    const child = spawn(command.file, command.args, { stdio, env: {}, cwd: '/', detached: false });
    feedDescriptors(child, command.descriptors);
    const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
    let bytes = 0;
    let outputCut = false;
    let killedFor: JailResult['killedFor'] = null;
    const kill = (why: NonNullable<JailResult['killedFor']>) => {
      if (killedFor === null) killedFor = why;
      child.kill('SIGKILL');
      cgroup?.killNow();
    };
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      if (outputCut) return;
      const room = spec.limits.outputBytes - bytes;
      if (chunk.length > room) {
        into.push(chunk.subarray(0, Math.max(0, room)));
        outputCut = true;
        kill('output');
        return;
      }
      bytes += chunk.length;
      into.push(chunk);
    };
    child.stdout?.on('data', collect(chunks.stdout));
    child.stderr?.on('data', collect(chunks.stderr));
    // bwrap's own channel (never the run's): JSON lines, the first naming the host pid of the jail's init.
    let status = '';
    const statusPipe = child.stdio[STATUS_FD];
    if (statusPipe && 'on' in statusPipe) statusPipe.on('data', (chunk: Buffer) => void (status += chunk.toString('utf8')));
    child.stdin?.on('error', () => {});
    child.stdin?.end(spec.stdin ?? '');
    const wall = setTimeout(() => kill('wall'), spec.limits.wallMs);
    const abort = () => kill('cancelled');
    spec.signal?.addEventListener('abort', abort, { once: true });
    if (spec.signal?.aborted) abort();
    // The run is its first process: once that ends (bwrap exits with it), nothing of the run may go on, even if a
    // survivor holds the output pipes open (decision 703).
    let drain: NodeJS.Timeout | undefined;
    child.on('exit', () => {
      cgroup?.killNow();
      // Without a cgroup a survivor could hold the pipes open: the run's output is what came before this.
      drain = setTimeout(() => {
        for (const stream of child.stdio) stream?.destroy();
      }, DRAIN_MS);
    });
    child.on('close', (code, signal) => {
      clearTimeout(wall);
      clearTimeout(drain);
      spec.signal?.removeEventListener('abort', abort);
      // Read before the cgroup goes.
      if (killedFor === null && cgroup?.memoryKilled()) killedFor = 'memory';
      void finish(cgroup, uid, initPidOf(status)).then(() => {
        const ended = endedBy(code, signal);
        if (killedFor === null && ended.signal === 'SIGXCPU') killedFor = 'cpu';
        // Read once nothing of the run is left to write it; what is past the output limit is cut, as stdout's would be.
        const written = results.take();
        const room = Math.max(0, spec.limits.outputBytes - bytes);
        if (written.length > room) {
          outputCut = true;
          killedFor ??= 'output';
        }
        resolve({
          ...ended,
          stdout: Buffer.concat(chunks.stdout).toString('utf8'),
          stderr: Buffer.concat(chunks.stderr).toString('utf8'),
          results: written.subarray(0, room).toString('utf8'),
          outputCut,
          killedFor,
          wallMs: performance.now() - started,
        });
      });
    });
    child.on('error', () => {
      // spawn failure (no bwrap): 'close' follows with a null code.
    });
  });
}

const STATUS_FD = 4;

/**
 * The run's results file (decision 1313): empty, in a directory of its own that only the run's uid can enter, bound at
 * RESULTS_PATH. RLIMIT_FSIZE bounds it as any file the run writes; `take()` reads it and removes both.
 */
function resultsFile(uid: number): { readonly file: string; take(): Buffer } {
  // Named as makeScratchDir names them (scratch-dirs.ts), so that a later start removes one a killed server left.
  const dir = mkdtempSync(join(tmpdir(), `assay-${process.pid}-results-`));
  const file = join(dir, 'results');
  writeFileSync(file, '', { mode: 0o600 });
  // bubblewrap resolves the file as the run's uid.
  if (process.getuid?.() === 0) {
    chownSync(dir, uid, uid);
    chownSync(file, uid, uid);
  }
  return {
    file,
    take() {
      try {
        return readFileSync(file);
      } catch {
        return Buffer.alloc(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
/** How long the pipes may stay open after the run's first process ended. */
const DRAIN_MS = 2000;

/**
 * Every process of the run gone before the run answers: what is left in its cgroup killed (or, with no cgroup, as
 * root, what runs as its uid), and the jail's init, which leaves its cgroup as it starts to exit, waited for until
 * it is dead (a zombie, or reaped). The pid namespace dies with that init.
 */
async function finish(cgroup: RunCgroup | null, uid: number, initPid: number | undefined): Promise<void> {
  if (cgroup) await cgroup.dispose();
  else if (process.getuid?.() === 0) await until(() => killAll(processesOf(uid)));
  if (initPid !== undefined) await until(() => !alive(initPid));
}

function killAll(pids: readonly number[]): boolean {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return pids.length === 0;
}

/** Polls `done` every 2 ms, for at most two seconds (a dying process takes far less). */
async function until(done: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 1000 && !done(); attempt++) await new Promise((resolve) => setTimeout(resolve, 2));
}

function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function initPidOf(status: string): number | undefined {
  const pid = Number(status.match(/"child-pid":\s*(\d+)/)?.[1]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** bwrap answers a command killed by signal N as exit code 128+N: reported as that signal, like a direct child. */
function endedBy(code: number | null, signal: NodeJS.Signals | null): Pick<JailResult, 'exitCode' | 'signal'> {
  if (code !== null && code > 128 && code <= 128 + 64) {
    const name = Object.entries(constants.signals).find(([, number]) => number === code - 128)?.[0];
    if (name) return { exitCode: null, signal: name };
  }
  return { exitCode: code, signal };
}
