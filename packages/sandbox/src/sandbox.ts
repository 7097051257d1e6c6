import { SandboxCancelledError } from './busy.js';
import { configureLimits, DEFAULT_MAX_QUEUED, DEFAULT_MAX_WAIT_MS, DEFAULT_WORKERS, limitsForRun, PYTHON_MEMORY_FACTOR } from './limits.js';
import type { ConfiguredLimits } from './limits.js';
import { WorkerPool } from './pool.js';
import type { Engine } from './protocol.js';
import { prepareRun, type PreparedRun } from './request.js';
import { Standby } from './standby.js';
import { emptyStats, type SandboxStats } from './stats.js';
import { RUN_LANES } from './types.js';
import type { CodeRunner, RunLane, RunOptions, RunOutcome, RunOwner, RunRequest, SandboxOptions } from './types.js';
import { WorkerSlot, type SlotEvents } from './worker-slot.js';

/**
 * Runs candidate JavaScript, TypeScript (transpiled) and Python against test cases on worker threads:
 * JavaScript in QuickJS, an instance per worker put back as new after every run and a fresh runtime per case; Python in
 * Pyodide, one interpreter per worker in a JavaScript realm of its own, put back in place after every run. The
 * worker is killed when a run overruns its wall clock (a warm standby worker takes its place). One pool of workers
 * for two lanes, candidate runs (bounded) and scoring (never refused), shared fairly (pool.ts, fair-queue.ts). See
 * README.md for the guarantees.
 */
export class Sandbox implements CodeRunner {
  readonly #limits: ConfiguredLimits;
  readonly #pool: WorkerPool;
  readonly #stats: SandboxStats = emptyStats();
  readonly #standby: Standby;
  readonly #prewarmsPython: boolean;
  #closed = false;

  constructor(options: SandboxOptions = {}) {
    const workers = count('workers', options.workers ?? DEFAULT_WORKERS, 1);
    const maxQueued = count('maxQueued', options.maxQueued ?? DEFAULT_MAX_QUEUED, 0);
    const maxWaitMs = count('maxWaitMs', options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS, 0);
    const laneWeights = weights(options.laneWeights ?? {});
    this.#limits = configureLimits(options.limits);
    this.#prewarmsPython = (options.prewarm ?? []).includes('python');
    const prewarm: Engine[] = this.#prewarmsPython ? ['python'] : [];
    const pythonMemoryGrowthBytes = PYTHON_MEMORY_FACTOR * this.#limits.memoryBytes;
    const stats = this.#stats;
    const createSlot = (events: SlotEvents, engines: readonly Engine[]) => new WorkerSlot(events, { prewarm: engines, pythonMemoryGrowthBytes, stats });
    this.#standby = new Standby((events) => createSlot(events, ['python']));
    const standby = this.#standby;
    // One pool for both lanes (a Python worker holds ~120 MB: threads of their own per lane would double that),
    // sharing worker time fairly; its workers start at the first run.
    this.#pool = new WorkerPool(workers, { maxQueued, maxWaitMs, laneWeights, prewarm, createSlot, standby, stats });
  }

  /**
   * Resolves with one result per case once the run finished or was killed. Rejects only for a malformed
   * request, a closed sandbox, workers that cannot start at all, (candidate lane) a queue past its bound with
   * `SandboxBusyError`, or a run its `signal` cancelled with `SandboxCancelledError`: never because of what the
   * code does.
   */
  async run(request: RunRequest, options: RunOptions = {}): Promise<RunOutcome> {
    if (this.#closed) throw new Error('Sandbox is closed');
    const { lane = 'candidate', owner, signal, onQueue, stopAfterTimeouts } = options;
    if (!RUN_LANES.includes(lane)) throw new TypeError(`RunOptions.lane must be one of ${RUN_LANES.join(', ')}`);
    checkOwner(owner);
    if (stopAfterTimeouts !== undefined) count('stopAfterTimeouts', stopAfterTimeouts, 1);
    if (signal?.aborted) throw new SandboxCancelledError();
    const run: PreparedRun = prepareRun(request);
    if (run.argsJson.length === 0) return { results: [] };
    if (this.#closed) throw new Error('Sandbox is closed');
    const limits = limitsForRun(this.#limits, run.argsJson.length);
    // Python in use: keep a warm spare, so a killed or recycled worker never leaves a run waiting for a cold start.
    if (run.engine === 'python') this.#standby.want();
    return new Promise<RunOutcome>((resolve, reject) =>
      this.#pool.submit({ run, limits, stopAfterTimeouts, resolve, reject }, { lane, owner, signal, onQueue }),
    );
  }

  /**
   * Starts the workers now instead of at the first run (both lanes share them); with `prewarm`, each (also one
   * already running) prepares its interpreters, so the next run is warm. Workers started by runs alone prepare
   * nothing ahead.
   */
  warmUp(lane: RunLane): void {
    if (this.#closed) return;
    if (!RUN_LANES.includes(lane)) throw new TypeError(`warmUp lane must be one of ${RUN_LANES.join(', ')}`);
    this.#pool.warmUp();
    if (this.#prewarmsPython) this.#standby.want();
  }

  /** A copy of the counters of this sandbox's workers (see SandboxStats). */
  stats(): SandboxStats {
    return { ...this.#stats };
  }

  /** Runs waiting for a worker now, in all or of one lane. */
  waiting(lane?: RunLane): number {
    return this.#pool.waiting(lane);
  }

  /** Terminates every worker and waits for the threads to exit; pending and queued runs are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([this.#pool.close(), this.#standby.close()]);
  }
}

function checkOwner(owner: RunOwner | undefined): void {
  if (owner === undefined) return;
  if (typeof owner !== 'object' || owner === null || typeof owner.candidate !== 'string') throw new TypeError('RunOptions.owner needs a candidate string');
  for (const key of ['link', 'address', 'org'] as const) {
    if (owner[key] !== undefined && typeof owner[key] !== 'string') throw new TypeError(`RunOptions.owner.${key} must be a string`);
  }
}

function weights(given: Partial<Record<RunLane, number>>): Partial<Record<RunLane, number>> {
  for (const [lane, weight] of Object.entries(given)) {
    if (!RUN_LANES.includes(lane as RunLane)) throw new TypeError(`laneWeights has an unknown lane ${lane}`);
    if (typeof weight !== 'number' || !(weight > 0) || !Number.isFinite(weight)) throw new RangeError(`laneWeights.${lane} must be a positive number`);
  }
  return given;
}

function count(name: string, value: number, least: number): number {
  if (!Number.isSafeInteger(value) || value < least) {
    throw new RangeError(`Sandbox ${name} must be an integer of at least ${least}, got ${String(value)}`);
  }
  return value;
}
