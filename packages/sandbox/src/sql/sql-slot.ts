import { ENGINE_START_TIMEOUT_MS } from '../limits.js';
import { MEMORY_LIMIT_EXCEEDED, NOT_RUN_TIME_LIMIT, TIME_LIMIT_EXCEEDED } from '../outcome.js';
import type { SqlRun } from '../request.js';
import type { SqlRunRequest } from '../run-request.js';
import type { Job, Slot, SlotEvents } from '../slot.js';
import type { CaseResult, RunOutcome, SandboxLimits } from '../types.js';
import { sameRows } from './compare-rows.js';
import type { SqlCaseOutcome, SqlEngine } from './sql-engine.js';
import { createSqlEngine } from './sql-engines.js';

type Dialect = SqlRunRequest['language'];

export interface SqlSlotOptions {
  /** Makes the engine of a dialect (default createSqlEngine). */
  readonly createEngine?: (dialect: Dialect) => SqlEngine;
  /** Dialects whose engine is prepared as soon as the slot starts. */
  readonly prewarm?: readonly string[];
}

/**
 * One SQL run at a time, on this slot's own engine per dialect (made at its first run or warm-up, kept: every case
 * runs on a pristine database anyway). The engine bounds every case (its setup, its query, an engine's start) and
 * the run's queries by the run's wall clock (decision 1084), so every case answers, the finished ones with their
 * rows. The verdict is judged here by `sameRows` (compare-rows.ts): the expected rows never reach the engine's query.
 */
export class SqlSlot implements Slot<SqlRun> {
  readonly #createEngine: (dialect: Dialect) => SqlEngine;
  readonly #engines = new Map<Dialect, SqlEngine>();
  #events: SlotEvents<SqlRun>;
  #active: { job: Job<SqlRun>; abort: AbortController } | undefined;
  #gone = false;

  constructor(events: SlotEvents<SqlRun>, options: SqlSlotOptions = {}) {
    this.#events = events;
    this.#createEngine = options.createEngine ?? createSqlEngine;
    this.warm(options.prewarm ?? []);
    queueMicrotask(() => {
      if (this.available) this.#events.idle(this);
    });
  }

  get available(): boolean {
    return !this.#gone && this.#active === undefined;
  }

  start(job: Job<SqlRun>): void {
    if (!this.available) throw new Error('SqlSlot.start on a busy or closed slot');
    const abort = new AbortController();
    this.#active = { job, abort };
    void this.#execute(job, abort).then(
      (outcome) => this.#settle(job, outcome),
      (error: unknown) => {
        const message = `The sandbox could not run this query: ${error instanceof Error ? error.message : String(error)}`;
        this.#settle(job, { results: job.run.request.cases.map(() => ({ passed: false, error: message })) });
      },
    );
  }

  cancel(job: Job<SqlRun>): void {
    if (this.#active?.job === job) this.#active.abort.abort();
  }

  warm(dialects: readonly string[]): void {
    for (const dialect of dialects)
      if (dialect === 'sqlite' || dialect === 'postgresql')
        void this.#engine(dialect)
          .warm?.()
          .catch(() => {});
  }

  adopt(events: SlotEvents<SqlRun>): void {
    this.#events = events;
    if (this.available) events.idle(this);
  }

  terminate(reason: Error): Promise<unknown> {
    const active = this.#active;
    this.#active = undefined;
    if (active !== undefined) {
      active.abort.abort();
      active.job.reject(reason);
    }
    if (this.#gone) return Promise.resolve();
    this.#gone = true;
    const closed = Promise.all([...this.#engines.values()].map((engine) => engine.close().catch(() => {})));
    this.#engines.clear();
    this.#events.gone(this, closed);
    return closed;
  }

  #engine(dialect: Dialect): SqlEngine {
    let engine = this.#engines.get(dialect);
    if (engine === undefined) {
      engine = this.#createEngine(dialect);
      this.#engines.set(dialect, engine);
    }
    return engine;
  }

  async #execute(job: Job<SqlRun>, abort: AbortController): Promise<RunOutcome> {
    const { request } = job.run;
    const { limits } = job;
    const engine = this.#engine(request.language);
    // A database engine's start (PGlite: seconds, more on a loaded host) is not the candidate's time: the run's wall
    // clock starts once it is ready, as a worker run's starts once its interpreter is (bounded like theirs).
    await startOf(engine);
    job.started?.();
    const sqlLimits = {
      msPerCase: limits.cpuMsPerCase,
      wallClockMs: limits.wallClockMs,
      memoryBytes: limits.memoryBytes,
      maxOutputBytes: limits.maxOutputBytes,
      ...(job.stopAfterTimeouts === undefined ? {} : { stopAfterTimeouts: job.stopAfterTimeouts }),
    };
    const outcomes = await engine.execute(request, sqlLimits, abort.signal);
    return judgeSql(outcomes, request, limits, job.stopAfterTimeouts);
  }

  #settle(job: Job<SqlRun>, outcome: RunOutcome): void {
    if (this.#active?.job !== job) return;
    this.#active = undefined;
    job.resolve(outcome);
    if (!this.#gone) this.#events.idle(this);
  }
}

/**
 * Each case's rows judged by the rows rule; `actual` is `{ columns, rows }` (decision 676). Every case that ran is
 * judged on what it returned; past the budget of timeouts, a case that answers `time` was not run (decision 1084).
 */
export function judgeSql(
  outcomes: readonly SqlCaseOutcome[],
  request: SqlRunRequest,
  limits: SandboxLimits,
  stopAfterTimeouts: number | undefined,
): RunOutcome {
  let timeouts = 0;
  const results = request.cases.map((testCase, index): CaseResult => {
    const outcome = outcomes[index];
    switch (outcome?.kind) {
      case undefined:
        return { passed: false, error: 'the sandbox lost this case' };
      case 'rows':
        return { passed: sameRows(outcome.rows, testCase.expected, request), actual: outcome.rows };
      case 'error':
        return { passed: false, error: outcome.message, ...(outcome.position ? { errorLocation: outcome.position } : {}) };
      case 'time':
        timeouts += 1;
        return { passed: false, error: stopAfterTimeouts !== undefined && timeouts > stopAfterTimeouts ? NOT_RUN_TIME_LIMIT : TIME_LIMIT_EXCEEDED };
      case 'memory':
        return { passed: false, error: MEMORY_LIMIT_EXCEEDED };
      case 'output':
        return { passed: false, error: `Output limit exceeded: the rows are larger than ${limits.maxOutputBytes} bytes as JSON` };
    }
  });
  return { results };
}

/** Waits for an engine to be ready, at most ENGINE_START_TIMEOUT_MS (a failed start shows in its run's answers). */
async function startOf(engine: SqlEngine): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ENGINE_START_TIMEOUT_MS);
  });
  await Promise.race([engine.warm?.().catch(() => {}), bound]).finally(() => clearTimeout(timer));
}
