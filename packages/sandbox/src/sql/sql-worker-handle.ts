import { Worker } from 'node:worker_threads';
import type { SqlRunRequest } from '../run-request.js';

/** The worker entry, beside this file in src/ (tests) and dist/ (built). */
const SQL_WORKER_URL = new URL('./sql-worker.js', import.meta.url);

/** A job's result as the worker reports it (see sql-worker-protocol.js). */
export interface SqlJobResult {
  readonly outcome:
    | { kind: 'rows'; rows: { columns: string[]; rows: unknown[][] } }
    | { kind: 'error'; message: string; offset?: number }
    | { kind: 'setup'; part: 'schema' | 'seed'; message: string }
    | { kind: 'memory' }
    | { kind: 'output' };
  readonly pristine: boolean;
}

/** How a job ended from the engine's side: the worker's answer, or the worker's death. */
export type SqlJobEnd = { kind: 'done'; result: SqlJobResult } | { kind: 'time' } | { kind: 'died'; outOfMemory: boolean; message: string };

export interface SqlJob {
  readonly code: string;
  readonly schema: string;
  readonly seed: string;
  readonly limits: { memoryBytes: number; maxOutputBytes: number };
}

/**
 * One worker thread running one dialect's engine, one job at a time. A job past its time terminates the thread
 * (decision 743): the query is stopped wherever it is, and this handle is finished; the engine starts another.
 */
export class SqlWorkerHandle {
  readonly ready: Promise<void>;
  #worker: Worker;
  #nextId = 0;
  #dead: string | undefined;
  #outOfMemory = false;
  #pending: ((end: SqlJobEnd) => void) | undefined;

  constructor(dialect: SqlRunRequest['language'], heapMb: number) {
    this.#worker = new Worker(SQL_WORKER_URL, { workerData: { dialect }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    this.ready = new Promise<void>((resolve, reject) => {
      this.#worker.on('message', (message: { type: string; id?: number; outcome?: SqlJobResult['outcome']; pristine?: boolean; message?: string }) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') {
          this.#dead = message.message ?? 'the engine did not start';
          reject(new Error(this.#dead));
        } else if (message.type === 'done' && message.outcome && message.id === this.#nextId) {
          this.#settle({ kind: 'done', result: { outcome: message.outcome, pristine: message.pristine !== false } });
        }
      });
      this.#worker.on('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') this.#outOfMemory = true;
        this.#dead ??= error.message;
        reject(error);
      });
      this.#worker.on('exit', (code) => {
        this.#dead ??= `the engine's thread exited (${code})`;
        reject(new Error(this.#dead));
        this.#settle({ kind: 'died', outOfMemory: this.#outOfMemory, message: this.#dead });
      });
    });
    // A failed start is reported to whoever awaits `ready`; no unhandled rejection meanwhile.
    this.ready.catch(() => {});
  }

  /** Whether the thread can take another job. */
  get alive(): boolean {
    return this.#dead === undefined;
  }

  /** Runs one job within `ms`; past it, the thread is terminated and the job ends as `time`. */
  run(job: SqlJob, ms: number, signal: AbortSignal): Promise<SqlJobEnd> {
    this.#nextId += 1;
    return new Promise<SqlJobEnd>((resolve) => {
      const stop = () => {
        this.#settle({ kind: 'time' });
        void this.terminate();
      };
      const timer = setTimeout(stop, ms);
      signal.addEventListener('abort', stop, { once: true });
      this.#pending = (end) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
        resolve(end);
      };
      if (signal.aborted) stop();
      else this.#worker.postMessage({ id: this.#nextId, job });
    });
  }

  async terminate(): Promise<void> {
    this.#dead ??= 'terminated';
    await this.#worker.terminate();
  }

  #settle(end: SqlJobEnd): void {
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.(end);
  }
}
