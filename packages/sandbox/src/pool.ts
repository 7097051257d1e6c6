import { SandboxCancelledError } from './busy.js';
import { FairQueue } from './fair-queue.js';
import { DEFAULT_LANE_WEIGHTS, DEFAULT_RUN_COST_MS } from './limits.js';
import { notifyPosition, type Pending, pendingRun } from './pending-run.js';
import { forecast, type PoolLoad } from './queue-forecast.js';
import { QueuePositions } from './queue-positions.js';
import { BOUNDED_LANE, refusalOf, type QueueBounds } from './refusal.js';
import type { Standby } from './standby.js';
import type { SandboxStats } from './stats.js';
import type { QueuePosition, RunLane, RunOwner } from './types.js';
import type { WorkerRun } from './request.js';
import type { Job, Slot, SlotEvents } from './slot.js';
import { createWorkerSlot } from './worker-slot.js';

/** Workers that die before becoming ready this many times in a row mean a broken install, not bad luck. */
const MAX_STARTUP_FAILURES = 3;

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

/**
 * A fixed number of worker slots shared by both lanes, with a fair queue in front (fair-queue.ts: lanes by weight,
 * then org → link → address → candidate, one run in flight per candidate). Slots that are killed or crash are
 * replaced; close() terminates every worker, including ones still being torn down, and waits for their threads to
 * exit. Candidate runs are refused past the documented bound (maxQueued waiting beyond free workers, or a wait
 * expected beyond maxWaitMs), with a retry time from the real queue; scoring runs are never refused.
 */
export class WorkerPool<R = WorkerRun> {
  readonly #size: number;
  readonly #bounds: QueueBounds;
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
  /** What the forecasts read: the queue, the runs waiting and running, the size. */
  readonly #load: PoolLoad<R>;
  readonly #positions: QueuePositions<R>;
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
    this.#bounds = { maxQueued, maxWaitMs };
    this.#createSlot = createSlot;
    this.#prewarm = prewarm;
    this.#standby = standby;
    this.#stats = stats;
    this.#onStart = onStart;
    this.#queue = new FairQueue<Pending<R>>({ weights: { ...DEFAULT_LANE_WEIGHTS, ...laneWeights }, defaultCostMs: DEFAULT_RUN_COST_MS });
    this.#load = { queue: this.#queue, queued: this.#queued, running: this.#running, size };
    this.#positions = new QueuePositions(() => forecast(this.#load));
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
    const pending = pendingRun(job, lane, onQueue, {
      finished: (settled) => this.#finished(settled),
      answer: (settled, answer) => this.#answer(settled, answer),
    });
    pending.ticket = this.#queue.add(pending, this.#pathOf(lane, owner));
    this.#queued.add(pending);
    // Workers start lazily, so a pool that is built but never used costs no threads.
    this.#fill();
    this.#dispatch();
    if (this.#queued.has(pending)) {
      const refusal = lane === BOUNDED_LANE ? refusalOf(pending, this.#load, this.#bounds) : undefined;
      if (refusal !== undefined) {
        this.#unqueue(pending);
        if (this.#stats) this.#stats.runsRefused += 1;
        this.#answer(pending, () => job.reject(refusal));
        return;
      }
      if (onQueue) {
        this.#positions.watch(pending);
        // Its first place now, not at the next tick: the caller may answer with it.
        this.#positions.tell(true);
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
    this.#positions.stop();
    const closed = new Error('Sandbox is closed');
    this.#rejectWaiting(closed);
    for (const slot of [...this.#slots]) void slot.terminate(closed);
    await Promise.all([...this.#exiting]);
  }

  /** lane → org → link → address → candidate; a run without an owner is a candidate of its own. */
  #pathOf(lane: RunLane, owner: RunOwner | undefined): string[] {
    const candidate = owner?.candidate ?? `\u0000run ${++this.#anonymous}`;
    return [lane, owner?.org ?? '', owner?.link ?? '', owner?.address ?? '', candidate];
  }

  #answer(pending: Pending<R>, answer: () => void): void {
    if (pending.answered) return;
    pending.answered = true;
    this.#positions.forget(pending);
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
      this.#positions.tell();
    } else {
      pending.slot?.cancel(pending.slotJob);
    }
    this.#answer(pending, () => pending.job.reject(new SandboxCancelledError()));
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
      this.#positions.forget(pending);
      if (pending.onQueue) notifyPosition(pending, { ahead: 0, etaMs: 0 });
      started = true;
      slot.start(pending.slotJob);
    }
    if (started) this.#positions.tell();
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
