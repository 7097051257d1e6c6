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

/**
 * How a job ended from the engine's side: the worker's answer, or the worker's death. `time`: the query passed its
 * time; `setupTime`: the question's schema and seed passed theirs, before the query began. `queryMs`: how long the
 * query took, from the worker's word that it began (the candidate's time).
 */
export type SqlJobEnd =
  | { kind: 'done'; result: SqlJobResult; queryMs: number }
  | { kind: 'time'; queryMs: number }
  | { kind: 'setupTime' }
  | { kind: 'died'; outOfMemory: boolean; message: string };

export interface SqlJob {
  readonly code: string;
  readonly schema: string;
  readonly seed: string;
  readonly limits: { memoryBytes: number; maxOutputBytes: number };
}

/** The two bounds of a job: the question's setup (schema and seed), then the candidate's query. */
export interface SqlJobBounds {
  readonly setupMs: number;
  readonly queryMs: number;
}

/**
 * One worker thread running one dialect's engine, one job at a time. A job past its time terminates the thread
 * (decision 743): the query is stopped wherever it is, and this handle is finished; the engine starts another. The
 * worker says when the query begins (`query`), so the setup and the query are timed apart (decision 1084).
 */
export class SqlWorkerHandle {
  readonly ready: Promise<void>;
  #worker: Worker;
  #nextId = 0;
  #dead: string | undefined;
  #outOfMemory = false;
  #pending: { settle(end: SqlJobEnd): void; queryBegan(): void } | undefined;

  constructor(dialect: SqlRunRequest['language'], heapMb: number) {
    this.#worker = new Worker(SQL_WORKER_URL, { workerData: { dialect }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    this.ready = new Promise<void>((resolve, reject) => {
      this.#worker.on('message', (message: { type: string; id?: number; outcome?: SqlJobResult['outcome']; pristine?: boolean; message?: string }) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') {
          this.#dead = message.message ?? 'the engine did not start';
          reject(new Error(this.#dead));
        } else if (message.type === 'query' && message.id === this.#nextId) {
          this.#pending?.queryBegan();
        } else if (message.type === 'done' && message.outcome && message.id === this.#nextId) {
          this.#settle({ kind: 'done', result: { outcome: message.outcome, pristine: message.pristine !== false }, queryMs: 0 });
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

  /** Runs one job: its setup within `setupMs`, then its query within `queryMs`; past either, the thread is terminated. */
  run(job: SqlJob, bounds: SqlJobBounds, signal: AbortSignal): Promise<SqlJobEnd> {
    this.#nextId += 1;
    return new Promise<SqlJobEnd>((resolve) => {
      let queryStart: number | undefined;
      const elapsed = () => (queryStart === undefined ? 0 : performance.now() - queryStart);
      const stop = () => {
        this.#settle(queryStart === undefined && !signal.aborted ? { kind: 'setupTime' } : { kind: 'time', queryMs: elapsed() });
        void this.terminate();
      };
      let timer = setTimeout(stop, bounds.setupMs);
      signal.addEventListener('abort', stop, { once: true });
      this.#pending = {
        queryBegan: () => {
          queryStart = performance.now();
          clearTimeout(timer);
          timer = setTimeout(stop, bounds.queryMs);
        },
        settle: (end) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', stop);
          resolve(end.kind === 'done' ? { ...end, queryMs: elapsed() } : end);
        },
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
    pending?.settle(end);
  }
}
