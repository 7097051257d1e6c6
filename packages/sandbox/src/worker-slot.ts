import { Worker } from 'node:worker_threads';
import {
  CANCEL_KILL_MS,
  CASE_KILL_GRACE_MS,
  DEFAULT_MEMORY_BYTES,
  ENGINE_START_TIMEOUT_MS,
  PYTHON_MEMORY_FACTOR,
  QUICKJS_STACK_BYTES,
  WORKER_HEAP_MB,
  WORKER_STACK_MB,
  wasmMemoryMaxBytes,
} from './limits.js';
import { activeRun, type ActiveRun, clearRunTimers, completedResults, crashed, doneResults, overrunResults, recordCase } from './active-run.js';
import { MEMORY_LIMIT_EXCEEDED } from './outcome.js';
import { SIGINT, STATUS_INTERRUPT, STATUS_MEMORY_CAP_CASE, STATUS_RUNNING_CASE, STATUS_SLOTS, STATUS_STOP } from './protocol.js';
import type { Engine, RunMessage, WarmMessage, WorkerData, WorkerMessage } from './protocol.js';
import type { WorkerRun } from './request.js';
import type { Job, Slot, SlotEvents } from './slot.js';
import { pythonSnapshots, type SnapshotClient } from './python-snapshot.js';
import { countWorkerMessage, type SandboxStats } from './stats.js';

/**
 * worker.js sits next to this module both in src/ (vitest runs the TypeScript source) and in dist/ (tsc
 * copies it there with allowJs), so resolving it relative to this file works in both layouts.
 */
export const WORKER_URL = new URL('./worker.js', import.meta.url);

export type WorkerJob = Job<WorkerRun>;
export type WorkerSlotEvents = SlotEvents<WorkerRun>;

export interface SlotOptions {
  /** Only ever changed by the pool's tests, to run a worker that crashes on purpose. */
  workerUrl?: URL;
  /** Interpreters the worker prepares as soon as it starts. */
  prewarm?: readonly Engine[];
  /** How far a Python interpreter's memory may grow over a run (default PYTHON_MEMORY_FACTOR x the default memoryBytes). */
  pythonMemoryGrowthBytes?: number;
  /** Counters this worker adds to (the Sandbox's). */
  stats?: SandboxStats;
}

let nextRunId = 1;

/** One worker thread and the run it is executing, with the hard wall-clock kill. */
export class WorkerSlot implements Slot<WorkerRun> {
  readonly #worker: Worker;
  readonly #status: Int32Array;
  readonly #stats: SandboxStats | undefined;
  #events: WorkerSlotEvents;
  #ready = false;
  #gone = false;
  #active: ActiveRun | undefined;
  /** Between a Python run's 'done' and its 'reset': the interpreter is being put back, the worker takes no run. */
  #resetting = false;
  /** This worker as the process's Python snapshot is shared with (python-snapshot.ts). */
  readonly #snapshotClient: SnapshotClient = { send: (message) => this.#worker.postMessage(message) };

  constructor(events: WorkerSlotEvents, options: SlotOptions | URL = {}) {
    const {
      workerUrl = WORKER_URL,
      prewarm = [],
      pythonMemoryGrowthBytes = PYTHON_MEMORY_FACTOR * DEFAULT_MEMORY_BYTES,
      stats,
    } = options instanceof URL ? { workerUrl: options } : options;
    this.#events = events;
    this.#stats = stats;
    const status = new SharedArrayBuffer(STATUS_SLOTS * Int32Array.BYTES_PER_ELEMENT);
    this.#status = new Int32Array(status);
    const workerData: WorkerData = { status, pythonSnapshot: pythonSnapshots.snapshot, prewarm, pythonMemoryGrowthBytes };
    this.#worker = new Worker(workerUrl, {
      workerData,
      resourceLimits: { stackSizeMb: WORKER_STACK_MB, maxOldGenerationSizeMb: WORKER_HEAP_MB },
      // Hermetic: by default a worker inherits the host's flags (loaders such as `--import tsx`, `--inspect`,
      // `--input-type`, which even stops it from starting) and a copy of its environment with the server's
      // secrets. The worker needs neither.
      execArgv: [],
      env: {},
      // Candidate code cannot reach the host console, but keep stray worker output off the server's streams.
      stdout: true,
      stderr: true,
    });
    this.#worker.stdout.resume();
    this.#worker.stderr.resume();
    // An idle pool must not keep the process alive; a busy worker is ref'd again for the run.
    this.#worker.unref();
    this.#worker.on('message', (message: WorkerMessage) => this.#onMessage(message));
    this.#worker.on('error', (error) => this.#onCrash(error));
    this.#worker.on('exit', (code) => this.#onCrash(new Error(`Sandbox worker exited with code ${code}`)));
  }

  get available(): boolean {
    return this.#ready && !this.#gone && this.#active === undefined && !this.#resetting;
  }

  /** Hands the worker to a new owner (a standby worker taken by a pool): its events go there from now on. */
  adopt(events: WorkerSlotEvents): void {
    this.#events = events;
    if (this.available) events.idle(this);
  }

  start(job: WorkerJob): void {
    if (!this.available) throw new Error('WorkerSlot.start on a busy or dead worker');
    const runId = nextRunId++;
    const { run, limits } = job;
    // The wall clock starts when the interpreter is ready ('started'); until then only a start-up bound holds,
    // so a Python cold start is not charged to the candidate's code.
    const timer = setTimeout(() => this.#onWallClock(), ENGINE_START_TIMEOUT_MS);
    this.#active = activeRun(job, runId, timer);
    // Cleared here, not by the worker: a cancel that arrives before the worker reads the run is not lost.
    Atomics.store(this.#status, STATUS_STOP, 0);
    this.#worker.ref();
    const message: RunMessage = {
      type: 'run',
      runId,
      engine: run.engine,
      ...(run.transpile ? { transpile: run.transpile } : {}),
      code: run.code,
      functionName: run.functionName,
      argsJson: run.argsJson,
      ...(run.inputs ? { inputs: run.inputs } : {}),
      limits: {
        memoryBytes: limits.memoryBytes,
        wasmMemoryMaxBytes: wasmMemoryMaxBytes(limits.memoryBytes),
        stackBytes: QUICKJS_STACK_BYTES,
        cpuMsPerCase: limits.cpuMsPerCase,
        maxOutputBytes: limits.maxOutputBytes,
        maxLogBytes: limits.maxLogBytes,
      },
      ...(job.stopAfterTimeouts === undefined ? {} : { stopAfterTimeouts: job.stopAfterTimeouts }),
    };
    this.#worker.postMessage(message);
  }

  /**
   * Stops `job` if this worker runs it: no further case starts, a Python case is interrupted, and the worker is
   * killed if the run has not ended within CANCEL_KILL_MS of its start (a JavaScript case runs to its own limit;
   * an interpreter still starting is left to finish starting). The job then settles as usual; its caller has been
   * answered already.
   */
  cancel(job: WorkerJob): void {
    const active = this.#active;
    if (active?.job !== job || active.cancelled) return;
    active.cancelled = true;
    Atomics.store(this.#status, STATUS_STOP, 1);
    if (active.started) this.#stopCancelled(active);
  }

  #stopCancelled(active: ActiveRun): void {
    if (active.job.run.engine === 'python' && Atomics.load(this.#status, STATUS_RUNNING_CASE) !== 0) Atomics.store(this.#status, STATUS_INTERRUPT, SIGINT);
    active.cancelKill = setTimeout(() => this.#onWallClock(), CANCEL_KILL_MS);
  }

  /** Has the worker prepare these interpreters when it is idle (a worker that started cold). */
  warm(engines: readonly string[]): void {
    if (this.#gone || engines.length === 0) return;
    const message: WarmMessage = { type: 'warm', engines: engines as readonly Engine[] };
    this.#worker.postMessage(message);
  }

  /** Terminates the worker; a run in progress is rejected with `reason`. */
  terminate(reason: Error): Promise<unknown> {
    const active = this.#finishActive();
    active?.job.reject(reason);
    return this.#retire();
  }

  #onMessage(message: WorkerMessage): void {
    if (this.#gone) return;
    if (message.type === 'ready') {
      this.#ready = true;
      this.#events.idle(this);
      return;
    }
    if (this.#stats) countWorkerMessage(this.#stats, message);
    if (message.type === 'pythonSnapshotWanted') {
      pythonSnapshots.wanted(this.#snapshotClient);
      return;
    }
    if (message.type === 'pythonSnapshot') {
      pythonSnapshots.made(message.bytes);
      return;
    }
    if (message.type === 'reset') {
      this.#onReset(message);
      return;
    }
    if (message.type === 'pythonReady') return;
    const active = this.#active;
    if (active === undefined || message.runId !== active.runId) return;
    const { run, limits } = active.job;
    switch (message.type) {
      case 'started':
        active.started = true;
        active.job.started?.();
        clearTimeout(active.timer);
        active.timer = setTimeout(() => this.#onWallClock(), limits.wallClockMs);
        if (active.cancelled) this.#stopCancelled(active);
        return;
      case 'caseStart':
        active.caseStartedAt.set(message.index, performance.now());
        if (run.engine === 'python') this.#armCaseBudget(active, message.index, limits.cpuMsPerCase);
        // The case that would use up the run's budget of timeouts: if it overruns its limit, the run is over anyway.
        if (active.job.stopAfterTimeouts !== undefined && active.timeouts + 1 >= active.job.stopAfterTimeouts) {
          active.caseKill = setTimeout(() => this.#onWallClock(), limits.cpuMsPerCase + CASE_KILL_GRACE_MS);
        }
        return;
      case 'case':
        clearTimeout(active.caseTimer);
        clearTimeout(active.caseKill);
        recordCase(active, message);
        return;
      case 'done': {
        this.#finishActive();
        active.job.resolve({ results: doneResults(active) });
        this.#worker.unref();
        // A Python worker takes its next run once its interpreter is reset ('reset').
        if (run.engine === 'python') this.#resetting = true;
        else this.#events.idle(this);
      }
    }
  }

  /** The interpreter is reset: the worker takes runs again, or (it could not be reset) is replaced. */
  #onReset(message: Extract<WorkerMessage, { type: 'reset' }>): void {
    this.#resetting = false;
    if (message.ok) this.#events.idle(this);
    else this.#retire();
  }

  /**
   * Python cannot poll a deadline the way QuickJS's interrupt handler does, so the main thread raises
   * KeyboardInterrupt in the interpreter when the case is over budget (only if that case is still running).
   * Code that catches it, or native work that never checks, runs into the wall clock instead.
   */
  #armCaseBudget(active: ActiveRun, index: number, cpuMsPerCase: number): void {
    clearTimeout(active.caseTimer);
    active.caseTimer = setTimeout(() => {
      if (Atomics.load(this.#status, STATUS_RUNNING_CASE) === index + 1) Atomics.store(this.#status, STATUS_INTERRUPT, SIGINT);
    }, cpuMsPerCase);
  }

  #onWallClock(): void {
    const active = this.#finishActive();
    if (active === undefined) return;
    if (!active.started) {
      active.job.resolve({ results: completedResults(active, () => crashed('The sandbox could not start the interpreter in time')) });
      this.#retire();
      return;
    }
    // Read before terminating: the worker recorded whether the case it is stuck in ran out of memory.
    const memoryCase = Atomics.load(this.#status, STATUS_MEMORY_CAP_CASE) - 1;
    active.job.resolve({ results: overrunResults(active, memoryCase, performance.now()) });
    this.#retire();
  }

  #onCrash(error: Error): void {
    if (this.#gone) return;
    const active = this.#finishActive();
    if (active !== undefined) {
      const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      const message = outOfMemory ? MEMORY_LIMIT_EXCEEDED : 'The sandbox crashed while running this case';
      active.job.resolve({ results: completedResults(active, () => crashed(message)) });
    }
    this.#retire(this.#ready ? undefined : error);
  }

  #finishActive(): ActiveRun | undefined {
    const active = this.#active;
    if (active !== undefined) clearRunTimers(active);
    this.#active = undefined;
    return active;
  }

  #retire(startupError?: Error): Promise<unknown> {
    if (this.#gone) return Promise.resolve();
    this.#gone = true;
    pythonSnapshots.gone(this.#snapshotClient);
    // terminate() stops the thread even while it is inside WASM; the exit is awaited by Sandbox.close().
    const exited = this.#worker.terminate().catch(() => undefined);
    this.#events.gone(this, exited, startupError);
    return exited;
  }
}

/** Worker threads with the given interpreters prepared at start (a pool's default slots). */
export function createWorkerSlot(events: WorkerSlotEvents, prewarm: readonly string[]): WorkerSlot {
  return new WorkerSlot(events, { prewarm: prewarm as readonly Engine[] });
}
