import type { SqlRunRequest } from '../run-request.js';
import { positionAt } from './query-position.js';
import type { SqlCaseOutcome, SqlEngine, SqlLimits } from './sql-engine.js';
import { checkStatement } from './sql-statement.js';
import { type SqlJobEnd, SqlWorkerHandle } from './sql-worker-handle.js';

export interface WorkerSqlEngineOptions {
  /** The worker's JavaScript heap (rows are built there): a result too big for it ends as MEMORY. */
  readonly heapMb?: number;
}

/**
 * A dialect's engine on a worker thread, off the server's event loop. Runs are served one at a time (each case
 * alone on its database, decision 742/740); a case past its time terminates the thread, and a replacement is started
 * at once so the next run finds it warming (decision 743).
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
    for (const testCase of request.cases) {
      if (signal.aborted) {
        outcomes.push({ kind: 'time' });
        continue;
      }
      const handle = this.#current();
      try {
        await handle.ready;
      } catch (error) {
        this.#retire(handle);
        outcomes.push({ kind: 'error', message: `${this.dialect} is not available on this server: ${(error as Error).message}` });
        continue;
      }
      const job = {
        code: request.code,
        schema: request.schema,
        seed: testCase.seed,
        limits: { memoryBytes: limits.memoryBytes, maxOutputBytes: limits.maxOutputBytes },
      };
      const end = await handle.run(job, limits.msPerCase, signal);
      if (end.kind !== 'done' || !end.result.pristine) this.#retire(handle);
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

function outcomeOf(end: SqlJobEnd, code: string): SqlCaseOutcome {
  if (end.kind === 'time') return { kind: 'time' };
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
