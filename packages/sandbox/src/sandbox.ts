import type { LanguageId } from '@assay/domain/languages';
import { languageAvailability } from './availability.js';
import { SandboxCancelledError } from './busy.js';
import { engineOf } from './engines.js';
import { LanguageUnavailableError } from './language-unavailable.js';
import { configureLimits, DEFAULT_MAX_QUEUED, DEFAULT_MAX_WAIT_MS, DEFAULT_WORKERS, limitsForRun, PYTHON_MEMORY_FACTOR } from './limits.js';
import type { ConfiguredLimits } from './limits.js';
import type { JailAvailability } from './native/jail-spec.js';
import type { JailRunner } from './native/native-context.js';
import type { NativeLanguage } from './native/native-language.js';
import type { NativeLanguageId } from './native/native-languages.js';
import { NATIVE_LANGUAGES } from './native/native-languages.js';
import { NativeSlot } from './native/native-slot.js';
import { NativeWarmState } from './native/native-warm-state.js';
import { removeStaleScratchOnce } from './native/scratch-dirs.js';
import { checkedCount, checkedLaneWeights, checkLanguages, checkOwner } from './option-checks.js';
import { WorkerPool, type PoolOptions } from './pool.js';
import type { Engine } from './protocol.js';
import { prepareRun, type NativeRun, type PreparedRun, type SqlRun, type WorkerRun } from './request.js';
import type { Job } from './slot.js';
import type { SqlEngine } from './sql/sql-engine.js';
import { SqlSlot } from './sql/sql-slot.js';
import { Standby } from './standby.js';
import { depthsOf, RunStartWatchers, type QueueDepth, type RunStartListener } from './queue-watch.js';
import { emptyStats, type SandboxStats } from './stats.js';
import { RUN_LANES } from './types.js';
import type { CodeRunner, CompilerWarmth, LanguageAvailability, RunLane, RunOptions, RunOutcome, RunRequest, SandboxOptions } from './types.js';
import { WorkerSlot } from './worker-slot.js';

/** Parts a test swaps (not exported from the package): the native modules, the jail, its probe, the SQL engines. */
export interface SandboxInternals {
  readonly nativeLanguages?: { readonly [Id in NativeLanguageId]: NativeLanguage };
  readonly jail?: JailRunner;
  readonly jailAvailability?: () => JailAvailability;
  readonly createSqlEngine?: (dialect: SqlRun['request']['language']) => SqlEngine;
}

/**
 * Runs candidate code against test cases where it cannot hurt the host, one engine family per pool (decision 674):
 * JavaScript and TypeScript (QuickJS) and Python (Pyodide) on worker threads, a QuickJS instance put back as new and
 * a Python interpreter put back in place after every run, the worker killed when a run overruns its wall clock (a
 * warm standby takes its place); the native languages as jailed processes (native/, one uid and scratch directory per
 * run); SQL on WebAssembly engines (sql/). Every pool has the same two lanes, candidate runs (bounded) and scoring
 * (never refused), shared fairly (pool.ts, fair-queue.ts). See README.md for the guarantees.
 */
export class Sandbox implements CodeRunner {
  readonly #limits: ConfiguredLimits;
  readonly #workers: WorkerPool<WorkerRun>;
  readonly #native: WorkerPool<NativeRun>;
  readonly #sql: WorkerPool<SqlRun>;
  readonly #stats: SandboxStats = emptyStats();
  readonly #watchers = new RunStartWatchers();
  readonly #standby: Standby<WorkerRun>;
  readonly #prewarm: readonly LanguageId[];
  readonly #options: SandboxOptions;
  readonly #internals: SandboxInternals;
  readonly #nativeLanguages: { readonly [Id in NativeLanguageId]: NativeLanguage };
  readonly #nativeWarmState: NativeWarmState;
  #availability: Record<LanguageId, LanguageAvailability> | undefined;
  #closed = false;

  constructor(options: SandboxOptions = {}, internals: SandboxInternals = {}) {
    const workers = checkedCount('workers', options.workers ?? DEFAULT_WORKERS, 1);
    const nativeWorkers = checkedCount('nativeWorkers', options.nativeWorkers ?? DEFAULT_WORKERS, 1);
    const sqlWorkers = checkedCount('sqlWorkers', options.sqlWorkers ?? DEFAULT_WORKERS, 1);
    const maxQueued = checkedCount('maxQueued', options.maxQueued ?? DEFAULT_MAX_QUEUED, 0);
    const maxWaitMs = checkedCount('maxWaitMs', options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS, 0);
    const laneWeights = checkedLaneWeights(options.laneWeights ?? {});
    checkLanguages('prewarm', options.prewarm);
    checkLanguages('languages', options.languages);
    if (options.nativeJail !== undefined && options.nativeJail !== 'auto' && options.nativeJail !== 'off')
      throw new TypeError("SandboxOptions.nativeJail must be 'auto' or 'off'");
    this.#options = options;
    this.#internals = internals;
    this.#nativeLanguages = internals.nativeLanguages ?? NATIVE_LANGUAGES;
    this.#limits = configureLimits(options.limits);
    this.#nativeWarmState = new NativeWarmState(this.#nativeLanguages, internals.jail);
    // What a process killed with SIGKILL left in the temp dir (its runs' scratch, its compilers' and builds').
    if (options.nativeJail !== 'off') removeStaleScratchOnce();
    this.#prewarm = options.prewarm ?? [];
    const watchers = this.#watchers;
    const onStart = (job: Job<{ language: LanguageId }>, lane: RunLane, waitMs: number) => watchers.notify({ language: job.run.language, lane, waitMs });
    const bounds = { maxQueued, maxWaitMs, laneWeights, stats: this.#stats, onStart };
    // What each family prepares once warmed up, by engine: the worker interpreters, the native modules, the SQL dialects.
    const warmed = (family: 'worker' | 'native' | 'sql') => [
      ...new Set(
        this.#prewarm
          .map(engineOf)
          .filter((engine) => engine.family === family)
          .map(engineKey),
      ),
    ];
    const workerEngines = warmed('worker') as Engine[];
    const pythonMemoryGrowthBytes = PYTHON_MEMORY_FACTOR * this.#limits.memoryBytes;
    const stats = this.#stats;
    const createWorker = (events: Parameters<NonNullable<PoolOptions<WorkerRun>['createSlot']>>[0], engines: readonly string[]) =>
      new WorkerSlot(events, { prewarm: engines as readonly Engine[], pythonMemoryGrowthBytes, stats });
    this.#standby = new Standby((events) => createWorker(events, ['python']));
    // A Python worker holds ~120 MB: both lanes share the worker threads rather than having threads of their own.
    this.#workers = new WorkerPool(workers, { ...bounds, prewarm: workerEngines, createSlot: createWorker, standby: this.#standby });
    this.#native = new WorkerPool<NativeRun>(nativeWorkers, {
      ...bounds,
      prewarm: warmed('native'),
      createSlot: (events, prewarm) => {
        void this.#nativeWarmState.warm(prewarm as readonly NativeLanguageId[]);
        return new NativeSlot(events, { languages: this.#nativeLanguages, ...(internals.jail ? { jail: internals.jail } : {}) });
      },
    });
    this.#sql = new WorkerPool<SqlRun>(sqlWorkers, {
      ...bounds,
      prewarm: warmed('sql'),
      createSlot: (events, prewarm) => new SqlSlot(events, { prewarm, ...(internals.createSqlEngine ? { createEngine: internals.createSqlEngine } : {}) }),
    });
  }

  /**
   * Resolves with one result per case once the run finished or was killed. Rejects only for a malformed request, a
   * language this sandbox cannot run (`LanguageUnavailableError`), a closed sandbox, workers that cannot start at
   * all, (candidate lane) a queue past its bound with `SandboxBusyError`, or a run its `signal` cancelled with
   * `SandboxCancelledError`: never because of what the code does.
   */
  async run(request: RunRequest, options: RunOptions = {}): Promise<RunOutcome> {
    if (this.#closed) throw new Error('Sandbox is closed');
    const { lane = 'candidate', owner, signal, onQueue, stopAfterTimeouts, onPhase } = options;
    if (!RUN_LANES.includes(lane)) throw new TypeError(`RunOptions.lane must be one of ${RUN_LANES.join(', ')}`);
    checkOwner(owner);
    if (stopAfterTimeouts !== undefined) checkedCount('stopAfterTimeouts', stopAfterTimeouts, 1);
    if (signal?.aborted) throw new SandboxCancelledError();
    const run: PreparedRun = prepareRun(request);
    const availability = this.languages()[run.language];
    if (!availability.available) throw new LanguageUnavailableError(run.language, availability.reason, availability.remedy);
    if (run.caseCount === 0) return { results: [] };
    if (this.#closed) throw new Error('Sandbox is closed');
    const limits = limitsForRun(this.#limits, run.caseCount);
    const submission = { lane, owner, signal, onQueue };
    return new Promise<RunOutcome>((resolve, reject) => {
      const answer = { limits, stopAfterTimeouts, resolve, reject, phase: onPhase };
      switch (run.family) {
        case 'worker':
          // Python in use: keep a warm spare, so a killed or recycled worker never leaves a run waiting for a cold start.
          if (run.engine === 'python') this.#standby.want();
          return this.#workers.submit({ ...answer, run } satisfies Job<WorkerRun>, submission);
        case 'native':
          this.#nativeWarmState.hold(run.module);
          return this.#native.submit({ ...answer, run } satisfies Job<NativeRun>, submission);
        case 'sql':
          return this.#sql.submit({ ...answer, run } satisfies Job<SqlRun>, submission);
      }
    });
  }

  /**
   * Per language, whether this sandbox runs it and, if not, why and how to enable it (the jail is probed once, at
   * the first call). WebAssembly languages are always available unless `SandboxOptions.languages` leaves them out.
   */
  languages(): Record<LanguageId, LanguageAvailability> {
    this.#availability ??= languageAvailability({
      languages: this.#options.languages,
      nativeJail: this.#options.nativeJail ?? 'auto',
      modules: this.#nativeLanguages,
      ...(this.#internals.jailAvailability ? { jail: this.#internals.jailAvailability } : {}),
    });
    return this.#availability;
  }

  /**
   * Starts the slots now instead of at the first run (both lanes share them); with `prewarm`, each engine prepares
   * those languages (a worker its interpreter, a native module its warm state, an SQL slot its engine), so the next
   * run is warm. Slots started by runs alone prepare nothing ahead.
   */
  warmUp(lane: RunLane): void {
    if (this.#closed) return;
    if (!RUN_LANES.includes(lane)) throw new TypeError(`warmUp lane must be one of ${RUN_LANES.join(', ')}`);
    const available = this.languages();
    const wanted = this.#prewarm.filter((language) => available[language].available);
    this.#workers.warmUp();
    if (wanted.some((language) => engineOf(language).family === 'native')) this.#native.warmUp();
    if (wanted.some((language) => engineOf(language).family === 'sql')) this.#sql.warmUp();
    if (wanted.some((language) => engineKey(engineOf(language)) === 'python')) this.#standby.want();
  }

  /**
   * Prepares every native language this sandbox runs, in the background (decision 1045): the builds its runs share
   * (C and C++ runtimes and precompiled headers, the Rust runtime) and its warm compilers (javac, mcs), so that the
   * first run on a fresh server does not wait for them. Readiness for other work does not wait; `compilerWarmth()`
   * says where each stands. Resolves once every one is ready or failed (a failed one is tried again by its next run).
   */
  warmCompilers(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    const available = this.languages();
    const ids = (Object.keys(this.#nativeLanguages) as NativeLanguageId[]).filter((id) => available[id].available);
    return this.#nativeWarmState.warm(ids);
  }

  /** The native languages warmed so far (warmCompilers, or prewarm) and where each stands. */
  compilerWarmth(): Partial<Record<NativeLanguageId, CompilerWarmth>> {
    return this.#nativeWarmState.warmth();
  }

  /** A copy of the counters of this sandbox's workers (see SandboxStats). */
  stats(): SandboxStats {
    return { ...this.#stats };
  }

  /** Calls `listener` as each run leaves the queue for a slot, with its language, lane and wait; answers how to stop. */
  onRunStart(listener: RunStartListener): () => void {
    return this.#watchers.add(listener);
  }

  /** Runs waiting for a slot now, by language and lane. */
  queueDepths(): QueueDepth[] {
    const waiting = [this.#workers, this.#native, this.#sql].flatMap((pool) =>
      [...pool.waitingJobs()].map(({ job, lane }) => ({ language: job.run.language, lane })),
    );
    return depthsOf(waiting);
  }

  /** Runs waiting for a slot now, in all or of one lane. */
  waiting(lane?: RunLane): number {
    return this.#workers.waiting(lane) + this.#native.waiting(lane) + this.#sql.waiting(lane);
  }

  /** Terminates every worker and slot and waits for them to end; pending and queued runs are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([this.#workers.close(), this.#native.close(), this.#sql.close(), this.#standby.close(), ...this.#nativeWarmState.release()]);
  }
}

/** The engine a language is prepared by: the worker interpreter, the native module, the SQL dialect. */
function engineKey(engine: ReturnType<typeof engineOf>): string {
  switch (engine.family) {
    case 'worker':
      return engine.engine;
    case 'native':
      return engine.module;
    case 'sql':
      return engine.dialect;
  }
}
