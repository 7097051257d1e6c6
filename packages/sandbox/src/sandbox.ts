import { configureLimits, DEFAULT_WORKERS, limitsForRun } from './limits.js';
import type { ConfiguredLimits } from './limits.js';
import { WorkerPool } from './pool.js';
import { prepareRun } from './request.js';
import type { RunOutcome, RunRequest, SandboxOptions } from './types.js';

/**
 * Runs candidate JavaScript against test cases in QuickJS on worker threads. Each run gets a fresh
 * WebAssembly instance and every case a fresh QuickJS runtime; the worker is killed when a run overruns its
 * wall clock. See README.md for the guarantees.
 */
export class Sandbox {
  readonly #limits: ConfiguredLimits;
  readonly #pool: WorkerPool;
  #closed = false;

  constructor(options: SandboxOptions = {}) {
    const workers = options.workers ?? DEFAULT_WORKERS;
    if (!Number.isSafeInteger(workers) || workers < 1) {
      throw new RangeError(`Sandbox workers must be a positive integer, got ${String(workers)}`);
    }
    this.#limits = configureLimits(options.limits);
    this.#pool = new WorkerPool(workers);
  }

  /**
   * Resolves with one result per case once the run finished or was killed. Rejects only for a malformed
   * request, a closed sandbox, or workers that cannot start at all: never because of what the code does.
   */
  run(request: RunRequest): Promise<RunOutcome> {
    if (this.#closed) return Promise.reject(new Error('Sandbox is closed'));
    let run;
    try {
      run = prepareRun(request);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (run.argsJson.length === 0) return Promise.resolve({ results: [] });
    const limits = limitsForRun(this.#limits, run.argsJson.length);
    return new Promise<RunOutcome>((resolve, reject) => this.#pool.submit({ run, limits, resolve, reject }));
  }

  /** Terminates every worker and waits for the threads to exit; pending and queued runs are rejected. */
  close(): Promise<void> {
    this.#closed = true;
    return this.#pool.close();
  }
}
