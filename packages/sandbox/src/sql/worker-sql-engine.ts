import { ENGINE_START_TIMEOUT_MS } from '../limits.js';
import type { SqlRunRequest } from '../run-request.js';
import { positionAt } from './query-position.js';
import type { SqlCaseOutcome, SqlEngine, SqlLimits } from './sql-engine.js';
import { SQL_SETUP_MS } from './sql-engine.js';
import { checkStatement } from './sql-statement.js';
import { type SqlJobEnd, SqlWorkerHandle } from './sql-worker-handle.js';

export interface WorkerSqlEngineOptions {
  /** The worker's JavaScript heap (rows are built there): a result too big for it ends as MEMORY. */
  readonly heapMb?: number;
}

/**
 * A dialect's engine on a worker thread, off the server's event loop. Runs are served one at a time (each case
 * alone on its database, decision 742/740); a case past its time terminates the thread, and a replacement is started
 * at once so the next case finds it warming (decision 743). The run's time is its queries' (decision 1084): neither
 * the question's schema and seed nor a replacement engine's start counts, and after `stopAfterTimeouts` timeouts the
 * rest of the cases are not run.
 */
export class WorkerSqlEngine implements SqlEngine {
  readonly dialect: SqlRunRequest['language'];
  readonly #heapMb: number;
  #handle: SqlWorkerHandle | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(dialect: SqlRunRequest['language'], options: WorkerSqlEngineOptions = {}) {
    this.dialect = dialect;
    this.#heapMb = options.heapMb ?? 512;
  }

  async warm(): Promise<void> {
    await this.#current().ready;
  }

  execute(request: SqlRunRequest, limits: SqlLimits, signal: AbortSignal): Promise<SqlCaseOutcome[]> {
    const check = checkStatement(request.code, this.dialect);
    if (!check.ok) return Promise.resolve(request.cases.map(() => ({ kind: 'error', message: check.message })));
    const run = this.#queue.then(() => this.#runCases(request, limits, signal));
    this.#queue = run.catch(() => {});
    return run;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#handle?.terminate();
    this.#handle = undefined;
  }

  async #runCases(request: SqlRunRequest, limits: SqlLimits, signal: AbortSignal): Promise<SqlCaseOutcome[]> {
    const outcomes: SqlCaseOutcome[] = [];
    let left = limits.wallClockMs ?? limits.msPerCase * request.cases.length;
    let timeouts = 0;
    for (const testCase of request.cases) {
      if (signal.aborted || left <= 0 || (limits.stopAfterTimeouts !== undefined && timeouts >= limits.stopAfterTimeouts)) {
        outcomes.push({ kind: 'time' });
        continue;
      }
      const handle = this.#current();
      const unready = await readyWithin(handle.ready, ENGINE_START_TIMEOUT_MS);
      if (unready !== undefined) {
        this.#retire(handle);
        outcomes.push({ kind: 'error', message: `${this.dialect} is not available on this server: ${unready}` });
        continue;
      }
      const job = {
        code: request.code,
        schema: request.schema,
        seed: testCase.seed,
        limits: { memoryBytes: limits.memoryBytes, maxOutputBytes: limits.maxOutputBytes },
      };
      const end = await handle.run(job, { setupMs: SQL_SETUP_MS, queryMs: Math.min(limits.msPerCase, left) }, signal);
      if (end.kind !== 'done' || !end.result.pristine) this.#retire(handle);
      if (end.kind === 'done' || end.kind === 'time') left -= end.queryMs;
      if (end.kind === 'time') timeouts += 1;
      outcomes.push(outcomeOf(end, request.code));
    }
    return outcomes;
  }

  #current(): SqlWorkerHandle {
    if (this.#closed) throw new Error('the SQL engine is closed');
    if (!this.#handle?.alive) this.#handle = new SqlWorkerHandle(this.dialect, this.#heapMb);
    return this.#handle;
  }

  /** Ends a handle that is unfit (timed out, crashed, not pristine) and starts its replacement now. */
  #retire(handle: SqlWorkerHandle): void {
    void handle.terminate();
    if (this.#handle === handle) this.#handle = undefined;
    if (!this.#closed) this.#current();
  }
}

/** Waits for an engine to start, at most `ms`; answers why it is not ready, or undefined once it is. */
async function readyWithin(ready: Promise<void>, ms: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`it did not start within ${Math.round(ms / 1000)} s`), ms);
  });
  const started = ready.then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  return Promise.race([started, late]).finally(() => clearTimeout(timer));
}

function outcomeOf(end: SqlJobEnd, code: string): SqlCaseOutcome {
  if (end.kind === 'time') return { kind: 'time' };
  if (end.kind === 'setupTime') {
    return { kind: 'error', message: `The question's schema and seed took longer than ${SQL_SETUP_MS / 1000} s (not your query)` };
  }
  if (end.kind === 'died') return end.outOfMemory ? { kind: 'memory' } : { kind: 'error', message: `The query stopped the database engine: ${end.message}` };
  const outcome = end.result.outcome;
  switch (outcome.kind) {
    case 'rows':
      return { kind: 'rows', rows: outcome.rows };
    case 'error':
      return { kind: 'error', message: outcome.message, ...(outcome.offset === undefined ? {} : { position: positionAt(code, outcome.offset) }) };
    case 'setup':
      return { kind: 'error', message: `The question's ${outcome.part} failed (not your query): ${outcome.message}` };
    case 'memory':
      return { kind: 'memory' };
    case 'output':
      return { kind: 'output' };
  }
}
