import { configureLimits, DEFAULT_MAX_QUEUED, DEFAULT_SCORING_WORKERS, DEFAULT_WORKERS, limitsForRun, PYTHON_MEMORY_FACTOR } from './limits.js';
import type { ConfiguredLimits } from './limits.js';
import { WorkerPool } from './pool.js';
import type { Engine } from './protocol.js';
import { prepareRun, type PreparedRun } from './request.js';
import { Standby } from './standby.js';
import { emptyStats, type SandboxStats } from './stats.js';
import { RUN_LANES } from './types.js';
import type { CodeRunner, RunLane, RunOptions, RunOutcome, RunRequest, SandboxOptions } from './types.js';
import { WorkerSlot, type SlotEvents } from './worker-slot.js';

/**
 * Runs candidate JavaScript, TypeScript (transpiled) and Python against test cases on worker threads:
 * JavaScript in QuickJS, an instance per worker put back as new after every run and a fresh runtime per case; Python in
 * Pyodide, one interpreter per worker in a JavaScript realm of its own, put back in place after every run. The
 * worker is killed when a run overruns its wall clock (a warm standby worker takes its place). Two lanes with
 * workers of their own: candidate runs (bounded queue) and scoring (never behind candidate runs). See README.md
 * for the guarantees.
 */
export class Sandbox implements CodeRunner {
  readonly #limits: ConfiguredLimits;
  readonly #lanes: Record<RunLane, WorkerPool>;
  readonly #stats: SandboxStats = emptyStats();
  readonly #standby: Standby;
  readonly #prewarmsPython: boolean;
  #closed = false;

  constructor(options: SandboxOptions = {}) {
    const workers = count('workers', options.workers ?? DEFAULT_WORKERS, 1);
    const maxQueued = count('maxQueued', options.maxQueued ?? DEFAULT_MAX_QUEUED, 0);
    const scoringWorkers = count('scoringWorkers', options.scoringWorkers ?? DEFAULT_SCORING_WORKERS, 1);
    this.#limits = configureLimits(options.limits);
    this.#prewarmsPython = (options.prewarm ?? []).includes('python');
    const prewarm: Engine[] = this.#prewarmsPython ? ['python'] : [];
    const pythonMemoryGrowthBytes = PYTHON_MEMORY_FACTOR * this.#limits.memoryBytes;
    const stats = this.#stats;
    const createSlot = (events: SlotEvents, engines: readonly Engine[]) => new WorkerSlot(events, { prewarm: engines, pythonMemoryGrowthBytes, stats });
    this.#standby = new Standby((events) => createSlot(events, ['python']));
    const standby = this.#standby;
    // Workers start lazily per lane: a server that never scores (ASSAY_RUN_WORKER=false) starts no scoring
    // thread, and a worker process no candidate thread.
    this.#lanes = {
      candidate: new WorkerPool(workers, { maxQueued, prewarm, createSlot, standby, stats }),
      scoring: new WorkerPool(scoringWorkers, { prewarm, createSlot, standby, stats }),
    };
  }

  /**
   * Resolves with one result per case once the run finished or was killed. Rejects only for a malformed
   * request, a closed sandbox, workers that cannot start at all, or (candidate lane) a full queue with
   * `SandboxBusyError`: never because of what the code does.
   */
  async run(request: RunRequest, options: RunOptions = {}): Promise<RunOutcome> {
    if (this.#closed) throw new Error('Sandbox is closed');
    const lane = options.lane ?? 'candidate';
    if (!RUN_LANES.includes(lane)) throw new TypeError(`RunOptions.lane must be one of ${RUN_LANES.join(', ')}`);
    const run: PreparedRun = prepareRun(request);
    if (run.argsJson.length === 0) return { results: [] };
    if (this.#closed) throw new Error('Sandbox is closed');
    const limits = limitsForRun(this.#limits, run.argsJson.length);
    // Python in use: keep a warm spare, so a killed or recycled worker never leaves a run waiting for a cold start.
    if (run.engine === 'python') this.#standby.want();
    const pool = this.#lanes[lane];
    const { signal, onQueue } = options;
    return new Promise<RunOutcome>((resolve, reject) =>
      pool.submit({ run, limits, resolve, reject, ...(signal ? { signal } : {}), ...(onQueue ? { onQueue } : {}) }),
    );
  }

  /**
   * Starts the lane's workers now instead of at its first run; with `prewarm`, each (also one already running)
   * prepares its interpreters, so the next run is warm. Workers started by runs alone prepare nothing ahead.
   */
  warmUp(lane: RunLane): void {
    if (this.#closed) return;
    if (!RUN_LANES.includes(lane)) throw new TypeError(`warmUp lane must be one of ${RUN_LANES.join(', ')}`);
    this.#lanes[lane].warmUp();
    if (this.#prewarmsPython) this.#standby.want();
  }

  /** A copy of the counters of this sandbox's workers (see SandboxStats). */
  stats(): SandboxStats {
    return { ...this.#stats };
  }

  /** Terminates every worker of both lanes and waits for the threads to exit; pending and queued runs are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...Object.values(this.#lanes).map((pool) => pool.close()), this.#standby.close()]);
  }
}

function count(name: string, value: number, least: number): number {
  if (!Number.isSafeInteger(value) || value < least) {
    throw new RangeError(`Sandbox ${name} must be an integer of at least ${least}, got ${String(value)}`);
  }
  return value;
}
