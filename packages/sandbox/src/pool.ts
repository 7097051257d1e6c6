import { SandboxBusyError, SandboxCancelledError } from './busy.js';
import { FairQueue, type Ticket } from './fair-queue.js';
import { DEFAULT_LANE_WEIGHTS, DEFAULT_RUN_COST_MS } from './limits.js';
import type { Standby } from './standby.js';
import type { SandboxStats } from './stats.js';
import type { QueuePosition, RunLane, RunOwner } from './types.js';
import { latestStartMs, remainingMs, startTimes } from './wait-estimate.js';
import type { WorkerRun } from './request.js';
import type { Job, Slot, SlotEvents } from './slot.js';
import { createWorkerSlot } from './worker-slot.js';

/** Workers that die before becoming ready this many times in a row mean a broken install, not bad luck. */
const MAX_STARTUP_FAILURES = 3;
/** Retry-After is in whole seconds: never sooner than one. */
const MIN_RETRY_MS = 1000;
/** Waiting runs hear about their place at most this often. */
const POSITION_EVERY_MS = 100;

/** `prewarm`: what the new slot prepares as soon as it starts (none for a pool not warmed up): a worker's interpreters. */
export type SlotFactory<R> = (events: SlotEvents<R>, prewarm: readonly string[]) => Slot<R>;

export interface PoolOptions<R> {
  /** Runs of the `candidate` lane that may wait beyond the free (or starting) workers. Default: no bound. */
  maxQueued?: number;
  /** A `candidate` run expected to wait longer than this is refused. Default: no bound. */
  maxWaitMs?: number;
  /** Shares of worker time of the lanes when both wait. */
  laneWeights?: Partial<Record<RunLane, number>>;
  /** Interpreters the workers of a warmed-up pool prepare ahead of runs (warmUp()). Default: none. */
  prewarm?: readonly string[];
  createSlot?: SlotFactory<R>;
  /** A warm spare worker that replaces one of this pool's at once when it is killed, crashes or is recycled. */
  standby?: Pick<Standby<R>, 'take'>;
  /** Counters the pool adds to (workers replaced, standby promotions, runs refused and cancelled). */
  stats?: SandboxStats;
  /** Told as each run leaves the queue for a worker, with how long it waited (the sandbox's metrics). */
  onStart?: (job: Job<R>, lane: RunLane, waitedMs: number) => void;
}

export interface Submission {
  lane?: RunLane;
  owner?: RunOwner | undefined;
  signal?: AbortSignal | undefined;
  onQueue?: ((position: QueuePosition) => void) | undefined;
}

/** A run from submit() until its worker is done with it. */
interface Pending<R> {
  readonly job: Job<R>;
  readonly lane: RunLane;
  readonly onQueue: ((position: QueuePosition) => void) | undefined;
  /** The job the worker gets: settling it frees the run's place. */
  readonly slotJob: Job<R>;
  ticket: Ticket<Pending<R>>;
  ahead: number | undefined;
  /** When it was submitted: its wait in the queue is measured from here. */
  readonly queuedAt: number;
  startedAt: number;
  slot: Slot<R> | undefined;
  /** The caller has been answered (result, refusal, cancel, close). */
  answered: boolean;
  release: () => void;
}

/** The lane whose runs are bounded (refused past maxQueued / maxWaitMs); the other is never refused. */
const BOUNDED_LANE: RunLane = 'candidate';

/**
 * A fixed number of worker slots shared by both lanes, with a fair queue in front (fair-queue.ts: lanes by weight,
 * then org → link → address → candidate, one run in flight per candidate). Slots that are killed or crash are
 * replaced; close() terminates every worker, including ones still being torn down, and waits for their threads to
 * exit. Candidate runs are refused past the documented bound (maxQueued waiting beyond free workers, or a wait
 * expected beyond maxWaitMs), with a retry time from the real queue; scoring runs are never refused.
 */
export class WorkerPool<R = WorkerRun> {
  readonly #size: number;
  readonly #maxQueued: number;
  readonly #maxWaitMs: number;
  readonly #createSlot: SlotFactory<R>;
  readonly #prewarm: readonly string[];
  readonly #standby: Pick<Standby<R>, 'take'> | undefined;
  readonly #stats: SandboxStats | undefined;
  readonly #onStart: PoolOptions<R>['onStart'];
  readonly #slots = new Set<Slot<R>>();
  readonly #exiting = new Set<Promise<unknown>>();
  readonly #queue: FairQueue<Pending<R>>;
  readonly #running = new Set<Pending<R>>();
  /** Runs waiting for a worker (their tickets are in the queue). */
  readonly #queued = new Set<Pending<R>>();
  /** Waiting runs that want to hear about their place. */
  readonly #watchers = new Set<Pending<R>>();
  #positionsTimer: NodeJS.Timeout | undefined;
  #positionsAt = Number.NEGATIVE_INFINITY;
  #anonymous = 0;
  #startupFailures = 0;
  #closed = false;
  /** Set by warmUp(): the pool keeps its workers started (and warm), instead of refilling only when work waits. */
  #warm = false;

  constructor(
    size: number,
    {
      maxQueued = Number.POSITIVE_INFINITY,
      maxWaitMs = Number.POSITIVE_INFINITY,
      laneWeights = DEFAULT_LANE_WEIGHTS,
      prewarm = [],
      createSlot = createWorkerSlot as unknown as SlotFactory<R>,
      standby,
      stats,
      onStart,
    }: PoolOptions<R> = {},
  ) {
    this.#size = size;
    this.#maxQueued = maxQueued;
    this.#maxWaitMs = maxWaitMs;
    this.#createSlot = createSlot;
    this.#prewarm = prewarm;
    this.#standby = standby;
    this.#stats = stats;
    this.#onStart = onStart;
    this.#queue = new FairQueue<Pending<R>>({ weights: { ...DEFAULT_LANE_WEIGHTS, ...laneWeights }, defaultCostMs: DEFAULT_RUN_COST_MS });
  }

  /** Live workers (starting, idle or busy); not the ones being terminated. */
  get workerCount(): number {
    return this.#slots.size;
  }

  /** Runs admitted and not yet released by their worker: running, or waiting in the queue. */
  get admitted(): number {
    return this.#running.size + this.#queue.waiting;
  }

  /** Runs waiting for a worker, in all or of one lane. */
  waiting(lane?: RunLane): number {
    return lane === undefined ? this.#queue.waiting : this.#queue.waitingIn(lane);
  }

  /** The jobs waiting for a worker now, with their lanes (counted by language at a metrics scrape). */
  *waitingJobs(): Iterable<{ job: Job<R>; lane: RunLane }> {
    for (const pending of this.#queued) yield { job: pending.job, lane: pending.lane };
  }

  submit(job: Job<R>, { lane = 'candidate', owner, signal, onQueue }: Submission = {}): void {
    if (this.#closed) {
      job.reject(new Error('Sandbox is closed'));
      return;
    }
    const pending = this.#pending(job, lane, onQueue);
    pending.ticket = this.#queue.add(pending, this.#pathOf(lane, owner));
    this.#queued.add(pending);
    // Workers start lazily, so a pool that is built but never used costs no threads.
    this.#fill();
    this.#dispatch();
    if (this.#queued.has(pending)) {
      const refusal = lane === BOUNDED_LANE ? this.#refusal(pending) : undefined;
      if (refusal !== undefined) {
        this.#unqueue(pending);
        if (this.#stats) this.#stats.runsRefused += 1;
        this.#answer(pending, () => job.reject(refusal));
        return;
      }
      if (onQueue) {
        this.#watchers.add(pending);
        // Its first place now, not at the next tick: the caller may answer with it.
        this.#tellPositions(true);
      }
    }
    if (signal) {
      const abort = () => this.#cancel(pending);
      signal.addEventListener('abort', abort, { once: true });
      pending.release = () => signal.removeEventListener('abort', abort);
      if (signal.aborted) abort();
    }
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
    clearTimeout(this.#positionsTimer);
    const closed = new Error('Sandbox is closed');
    this.#rejectWaiting(closed);
    for (const slot of [...this.#slots]) void slot.terminate(closed);
    await Promise.all([...this.#exiting]);
  }

  #pending(job: Job<R>, lane: RunLane, onQueue: Submission['onQueue']): Pending<R> {
    const pending: Pending<R> = {
      job,
      lane,
      onQueue,
      ticket: undefined as unknown as Ticket<Pending<R>>,
      ahead: undefined,
      queuedAt: performance.now(),
      startedAt: 0,
      slot: undefined,
      answered: false,
      release: () => {},
      slotJob: {
        ...job,
        // The run's cost (charged to its flows, learnt for estimates) is counted from here, not from a cold start.
        started: () => {
          pending.startedAt = performance.now();
        },
        resolve: (outcome) => {
          this.#finished(pending);
          this.#answer(pending, () => job.resolve(outcome));
        },
        reject: (error) => {
          this.#finished(pending);
          this.#answer(pending, () => job.reject(error));
        },
      },
    };
    return pending;
  }

  /** lane → org → link → address → candidate; a run without an owner is a candidate of its own. */
  #pathOf(lane: RunLane, owner: RunOwner | undefined): string[] {
    const candidate = owner?.candidate ?? `\u0000run ${++this.#anonymous}`;
    return [lane, owner?.org ?? '', owner?.link ?? '', owner?.address ?? '', candidate];
  }

  #answer(pending: Pending<R>, answer: () => void): void {
    if (pending.answered) return;
    pending.answered = true;
    this.#watchers.delete(pending);
    pending.release();
    answer();
  }

  /** The worker is done with the run (result, kill, crash, close): its place and its candidate's turn are free. */
  #finished(pending: Pending<R>): void {
    if (!this.#running.delete(pending)) return;
    this.#queue.done(pending.ticket, performance.now() - pending.startedAt);
  }

  #cancel(pending: Pending<R>): void {
    if (pending.answered) return;
    if (this.#stats) this.#stats.runsCancelled += 1;
    if (this.#queued.has(pending)) {
      this.#unqueue(pending);
      this.#tellPositions();
    } else {
      pending.slot?.cancel(pending.slotJob);
    }
    this.#answer(pending, () => pending.job.reject(new SandboxCancelledError()));
  }

  /** Why a waiting candidate run is refused (past maxQueued beyond the free workers, or an expected wait past maxWaitMs), or undefined. */
  #refusal(pending: Pending<R>): SandboxBusyError | undefined {
    const excess = this.#queue.waitingIn(BOUNDED_LANE) - (this.#maxQueued + this.#size - this.#running.size);
    if (excess > 0) {
      const starts = this.#forecast().starts;
      return new SandboxBusyError(Math.max(MIN_RETRY_MS, starts[Math.min(excess, starts.length) - 1] ?? 0));
    }
    if (!Number.isFinite(this.#maxWaitMs)) return undefined;
    if (latestStartMs(this.#waitingCosts(), this.#runningRemaining(), this.#size) <= this.#maxWaitMs) return undefined;
    const { order, starts } = this.#forecast();
    const waitMs = starts[order.indexOf(pending.ticket)] ?? 0;
    if (waitMs <= this.#maxWaitMs) return undefined;
    return new SandboxBusyError(Math.max(MIN_RETRY_MS, waitMs - this.#maxWaitMs));
  }

  #waitingCosts(): number {
    let total = 0;
    for (const pending of this.#queued) total += this.#queue.estimateOf(pending.ticket);
    return total;
  }

  #unqueue(pending: Pending<R>): void {
    this.#queued.delete(pending);
    this.#queue.remove(pending.ticket);
  }

  /** Answers every waiting run with `error` (close, workers that cannot start). */
  #rejectWaiting(error: Error): void {
    for (const pending of [...this.#queued]) {
      this.#unqueue(pending);
      this.#answer(pending, () => pending.job.reject(error));
    }
  }

  /** How long each running run is expected to go on, and 0 for every worker not running one. */
  #runningRemaining(): number[] {
    const now = performance.now();
    const remaining = [...this.#running].map((pending) => {
      const elapsed = now - pending.startedAt;
      return remainingMs(pending.ticket.charged, elapsed, pending.job.limits.wallClockMs - elapsed);
    });
    while (remaining.length < this.#size) remaining.push(0);
    return remaining;
  }

  /** The waiting runs in the order they would start, and when each is expected to start (ms from now). */
  #forecast(): { order: Ticket<Pending<R>>[]; starts: number[] } {
    const order = this.#queue.order();
    return {
      order,
      starts: startTimes(
        order.map((ticket) => this.#queue.estimateOf(ticket)),
        this.#runningRemaining(),
      ),
    };
  }

  /** Tells waiting runs their place: now if the last time was long enough ago (or `now`), else once it is. */
  #tellPositions(now = false): void {
    if (this.#watchers.size === 0 || this.#closed || (this.#positionsTimer !== undefined && !now)) return;
    const wait = this.#positionsAt + POSITION_EVERY_MS - performance.now();
    if (wait > 0 && !now) {
      this.#positionsTimer = setTimeout(() => {
        this.#positionsTimer = undefined;
        this.#tellPositions();
      }, wait);
      this.#positionsTimer.unref();
      return;
    }
    this.#positionsAt = performance.now();
    const { order, starts } = this.#forecast();
    order.forEach((ticket, index) => {
      const pending = ticket.item;
      // The runs before it and the running run it waits for: a waiting run is never told 0, which means started.
      const ahead = index + 1;
      if (!this.#watchers.has(pending) || pending.ahead === ahead) return;
      pending.ahead = ahead;
      notify(pending, { ahead, etaMs: Math.round(starts[index] ?? 0) });
    });
  }

  #fill(): void {
    while (!this.#closed && this.#slots.size < this.#size) this.#slots.add(this.#createSlot(this.#slotEvents(), this.#warm ? this.#prewarm : []));
  }

  #slotEvents(): SlotEvents<R> {
    return {
      idle: () => this.#dispatch(),
      gone: (slot, exited, startupError) => this.#onGone(slot, exited, startupError),
    };
  }

  #dispatch(): void {
    let started = false;
    for (const slot of this.#slots) {
      if (!slot.available) continue;
      const ticket = this.#queue.take();
      if (ticket === undefined) break;
      const pending = ticket.item;
      this.#startupFailures = 0;
      pending.startedAt = performance.now();
      this.#onStart?.(pending.job, pending.lane, pending.startedAt - pending.queuedAt);
      pending.slot = slot;
      this.#queued.delete(pending);
      this.#running.add(pending);
      this.#watchers.delete(pending);
      if (pending.onQueue) notify(pending, { ahead: 0, etaMs: 0 });
      started = true;
      slot.start(pending.slotJob);
    }
    if (started) this.#tellPositions();
  }

  #onGone(slot: Slot<R>, exited: Promise<unknown>, startupError?: Error): void {
    this.#slots.delete(slot);
    this.#exiting.add(exited);
    void exited.then(() => this.#exiting.delete(exited));
    if (this.#closed) return;
    if (startupError !== undefined && ++this.#startupFailures >= MAX_STARTUP_FAILURES) {
      // Do not respawn forever: fail what is waiting; the next submit() starts over.
      this.#startupFailures = 0;
      this.#rejectWaiting(new Error(`Sandbox workers fail to start: ${startupError.message}`, { cause: startupError }));
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
    if (this.#queue.waiting > 0 || (this.#warm && startupError === undefined)) this.#fill();
  }
}

/** A listener that throws must not break the pool. */
function notify<R>(pending: Pending<R>, position: QueuePosition): void {
  try {
    pending.onQueue?.(position);
  } catch {
    // The caller's problem; the run goes on.
  }
}
