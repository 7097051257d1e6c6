import { SandboxBusyError, SandboxCancelledError } from './busy.js';
import type { Engine } from './protocol.js';
import type { Standby } from './standby.js';
import type { SandboxStats } from './stats.js';
import type { Job, SlotEvents } from './worker-slot.js';
import { WorkerSlot } from './worker-slot.js';

/** Workers that die before becoming ready this many times in a row mean a broken install, not bad luck. */
const MAX_STARTUP_FAILURES = 3;
/** Retry-After when the queue is full before any worker runs a job (workers still starting). */
const STARTING_RETRY_MS = 1000;
/** What a run is assumed to take before one has been measured (for the wait a queued run is told). */
const FIRST_RUN_ESTIMATE_MS = 50;

/** `prewarm`: the interpreters the new worker prepares as soon as it starts (none for a pool not warmed up). */
export type SlotFactory = (events: SlotEvents, prewarm: readonly Engine[]) => WorkerSlot;

export interface PoolOptions {
  /** Jobs that may wait for a worker; one more is refused with SandboxBusyError. Default: no bound. */
  maxQueued?: number;
  /** Interpreters the workers of a warmed-up pool prepare ahead of runs (warmUp()). Default: none. */
  prewarm?: readonly Engine[];
  createSlot?: SlotFactory;
  /** A warm spare worker that replaces one of this pool's at once when it is killed, crashes or is recycled. */
  standby?: Pick<Standby, 'take'>;
  /** Counters the pool adds to (workers replaced, standby promotions). */
  stats?: SandboxStats;
}

/**
 * A fixed number of worker slots with a FIFO queue in front; each slot runs one job at a time. Slots that
 * are killed or crash are replaced; close() terminates every worker, including ones still being torn down,
 * and waits for their threads to exit. With `maxQueued`, at most `size + maxQueued` jobs are admitted at
 * once (running or waiting), so a flood is refused up front instead of delaying every later job.
 */
export class WorkerPool {
  readonly #size: number;
  readonly #capacity: number;
  readonly #createSlot: SlotFactory;
  readonly #prewarm: readonly Engine[];
  readonly #standby: Pick<Standby, 'take'> | undefined;
  readonly #stats: SandboxStats | undefined;
  readonly #slots = new Set<WorkerSlot>();
  readonly #exiting = new Set<Promise<unknown>>();
  readonly #queue: Job[] = [];
  /** Wall-clock deadline (performance.now()) of each job a worker is running: when it ends at the latest. */
  readonly #deadlines = new Map<Job, number>();
  /** When each running job started (performance.now()), to measure run times. */
  readonly #startedAt = new Map<Job, number>();
  /** A moving average of how long a run holds a worker, for the wait a queued run is told. */
  #runMs = FIRST_RUN_ESTIMATE_MS;
  /** The place each queued job was last told, so it hears only of changes. */
  readonly #told = new WeakMap<Job, number>();
  #admitted = 0;
  #startupFailures = 0;
  #closed = false;
  /** Set by warmUp(): the pool keeps its workers started (and warm), instead of refilling only when work waits. */
  #warm = false;

  constructor(
    size: number,
    {
      maxQueued = Number.POSITIVE_INFINITY,
      prewarm = [],
      createSlot = (events, engines) => new WorkerSlot(events, { prewarm: engines }),
      standby,
      stats,
    }: PoolOptions = {},
  ) {
    this.#size = size;
    this.#capacity = size + maxQueued;
    this.#createSlot = createSlot;
    this.#prewarm = prewarm;
    this.#standby = standby;
    this.#stats = stats;
  }

  /** Live workers (starting, idle or busy); not the ones being terminated. */
  get workerCount(): number {
    return this.#slots.size;
  }

  /** Jobs admitted and not yet settled: running, or waiting in the queue. */
  get admitted(): number {
    return this.#admitted;
  }

  submit(job: Job): void {
    if (this.#closed) {
      job.reject(new Error('Sandbox is closed'));
      return;
    }
    if (this.#admitted >= this.#capacity) {
      job.reject(new SandboxBusyError(this.#retryAfterMs()));
      return;
    }
    if (job.signal?.aborted) {
      job.reject(new SandboxCancelledError());
      return;
    }
    const tracked = this.#tracked(job);
    this.#queue.push(tracked);
    job.signal?.addEventListener('abort', () => this.#cancel(tracked), { once: true });
    // Workers start lazily, so a pool that is built but never used costs no threads.
    this.#fill();
    this.#dispatch();
    this.#tellPlaces();
  }

  /** A queued job leaves the queue at once; a running one is left to finish (its result then stands). */
  #cancel(job: Job): void {
    const index = this.#queue.indexOf(job);
    if (index < 0) return;
    this.#queue.splice(index, 1);
    this.#told.delete(job);
    job.reject(new SandboxCancelledError());
    this.#tellPlaces();
  }

  /** Each queued job hears its place when it changed: the jobs before it, plus the run it waits to end. */
  #tellPlaces(): void {
    this.#queue.forEach((job, index) => {
      const ahead = index + 1;
      if (this.#told.get(job) === ahead) return;
      this.#told.set(job, ahead);
      job.onQueue?.({ ahead, etaMs: Math.ceil((ahead * this.#runMs) / this.#size) });
    });
  }

  /**
   * Starts the missing workers without a job (they then wait, idle, for one) and has every worker prepare the
   * `prewarm` interpreters; from now on a lost worker is replaced at once, warm. Until then workers start cold:
   * a JavaScript-only load never waits behind a Python interpreter being prepared.
   */
  warmUp(): void {
    if (this.#warm) return;
    this.#warm = true;
    for (const slot of this.#slots) slot.warm(this.#prewarm);
    this.#fill();
  }

  async close(): Promise<void> {
    this.#closed = true;
    const closed = new Error('Sandbox is closed');
    for (const job of this.#queue.splice(0)) job.reject(closed);
    for (const slot of [...this.#slots]) void slot.terminate(closed);
    await Promise.all([...this.#exiting]);
  }

  #fill(): void {
    while (!this.#closed && this.#slots.size < this.#size) this.#slots.add(this.#createSlot(this.#slotEvents(), this.#warm ? this.#prewarm : []));
  }

  #slotEvents(): SlotEvents {
    return {
      idle: () => this.#dispatch(),
      gone: (slot, exited, startupError) => this.#onGone(slot, exited, startupError),
    };
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (!slot.available) continue;
      const job = this.#queue.shift();
      if (job === undefined) return;
      this.#startupFailures = 0;
      this.#deadlines.set(job, performance.now() + job.limits.wallClockMs);
      this.#startedAt.set(job, performance.now());
      this.#told.delete(job);
      job.onQueue?.({ ahead: 0, etaMs: 0 });
      slot.start(job);
    }
    this.#tellPlaces();
  }

  /** Counts the job while it is admitted; whichever way it settles (result, kill, close) frees its place. */
  #tracked(job: Job): Job {
    this.#admitted += 1;
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      this.#admitted -= 1;
      this.#deadlines.delete(tracked);
      const startedAt = this.#startedAt.get(tracked);
      if (startedAt !== undefined) {
        this.#startedAt.delete(tracked);
        this.#runMs = 0.8 * this.#runMs + 0.2 * (performance.now() - startedAt);
      }
      return true;
    };
    const tracked: Job = {
      ...job,
      resolve: (outcome) => {
        if (settle()) job.resolve(outcome);
      },
      reject: (error) => {
        if (settle()) job.reject(error);
      },
    };
    return tracked;
  }

  /** A place frees up when a running job ends, at the latest when the soonest wall clock runs out. */
  #retryAfterMs(): number {
    if (this.#deadlines.size === 0) return STARTING_RETRY_MS;
    const soonest = Math.min(...this.#deadlines.values());
    return Math.max(1, Math.ceil(soonest - performance.now()));
  }

  #onGone(slot: WorkerSlot, exited: Promise<unknown>, startupError?: Error): void {
    this.#slots.delete(slot);
    this.#exiting.add(exited);
    void exited.then(() => this.#exiting.delete(exited));
    if (this.#closed) return;
    if (startupError !== undefined && ++this.#startupFailures >= MAX_STARTUP_FAILURES) {
      // Do not respawn forever: fail what is waiting; the next submit() starts over.
      this.#startupFailures = 0;
      const error = new Error(`Sandbox workers fail to start: ${startupError.message}`, { cause: startupError });
      for (const job of this.#queue.splice(0)) job.reject(error);
      return;
    }
    if (startupError === undefined) {
      if (this.#stats) this.#stats.workersLost += 1;
      // The warm spare takes the lost worker's place at once: no run waits for an interpreter to start.
      const promoted = this.#standby?.take(this.#slotEvents());
      if (promoted !== undefined) {
        if (this.#stats) this.#stats.standbyPromotions += 1;
        this.#slots.add(promoted);
        this.#dispatch();
        return;
      }
    }
    // Replace the worker only when work is waiting, or the pool is kept warm; an idle pool refills on the next submit().
    if (this.#queue.length > 0 || (this.#warm && startupError === undefined)) this.#fill();
  }
}
