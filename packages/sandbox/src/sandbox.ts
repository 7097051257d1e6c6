import { configureLimits, DEFAULT_MAX_QUEUED, DEFAULT_SCORING_WORKERS, DEFAULT_WORKERS, limitsForRun } from './limits.js';
import type { ConfiguredLimits } from './limits.js';
import { WorkerPool } from './pool.js';
import { prepareRun } from './request.js';
import { RUN_LANES } from './types.js';
import type { CodeRunner, RunLane, RunOptions, RunOutcome, RunRequest, SandboxOptions } from './types.js';

/**
 * Runs candidate JavaScript against test cases in QuickJS on worker threads. Each run gets a fresh
 * WebAssembly instance and every case a fresh QuickJS runtime; the worker is killed when a run overruns its
 * wall clock. Two lanes with workers of their own: candidate runs (bounded queue) and scoring (never
 * behind candidate runs). See README.md for the guarantees.
 */
export class Sandbox implements CodeRunner {
  readonly #limits: ConfiguredLimits;
  readonly #lanes: Record<RunLane, WorkerPool>;
  #closed = false;

  constructor(options: SandboxOptions = {}) {
    const workers = count('workers', options.workers ?? DEFAULT_WORKERS, 1);
    const maxQueued = count('maxQueued', options.maxQueued ?? DEFAULT_MAX_QUEUED, 0);
    const scoringWorkers = count('scoringWorkers', options.scoringWorkers ?? DEFAULT_SCORING_WORKERS, 1);
    this.#limits = configureLimits(options.limits);
    // Workers start lazily per lane: a server that never scores (ASSAY_RUN_WORKER=false) starts no scoring
    // thread, and a worker process no candidate thread.
    this.#lanes = {
      candidate: new WorkerPool(workers, { maxQueued }),
      scoring: new WorkerPool(scoringWorkers),
    };
  }

  /**
   * Resolves with one result per case once the run finished or was killed. Rejects only for a malformed
   * request, a closed sandbox, workers that cannot start at all, or (candidate lane) a full queue with
   * `SandboxBusyError`: never because of what the code does.
   */
  run(request: RunRequest, options: RunOptions = {}): Promise<RunOutcome> {
    if (this.#closed) return Promise.reject(new Error('Sandbox is closed'));
    const lane = options.lane ?? 'candidate';
    if (!RUN_LANES.includes(lane)) return Promise.reject(new TypeError(`RunOptions.lane must be one of ${RUN_LANES.join(', ')}`));
    let run;
    try {
      run = prepareRun(request);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (run.argsJson.length === 0) return Promise.resolve({ results: [] });
    const limits = limitsForRun(this.#limits, run.argsJson.length);
    const pool = this.#lanes[lane];
    return new Promise<RunOutcome>((resolve, reject) => pool.submit({ run, limits, resolve, reject }));
  }

  /** Terminates every worker of both lanes and waits for the threads to exit; pending and queued runs are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(Object.values(this.#lanes).map((pool) => pool.close()));
  }
}

function count(name: string, value: number, least: number): number {
  if (!Number.isSafeInteger(value) || value < least) {
    throw new RangeError(`Sandbox ${name} must be an integer of at least ${least}, got ${String(value)}`);
  }
  return value;
}
