import type { Ticket } from './fair-queue.js';
import type { Job, Slot } from './slot.js';
import type { QueuePosition, RunLane } from './types.js';

/** A run from submit() until its worker is done with it. */
export interface Pending<R> {
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

/** What a pending run has its pool do when its worker settles it. */
export interface PendingOwner<R> {
  /** The worker is done with the run: its place and its candidate's turn are free. */
  finished(pending: Pending<R>): void;
  /** Answers the run's caller, unless it has been answered already. */
  answer(pending: Pending<R>, answer: () => void): void;
}

/** A run just submitted, not in the queue yet (`ticket` is set by the pool as it queues the run). */
export function pendingRun<R>(job: Job<R>, lane: RunLane, onQueue: Pending<R>['onQueue'], owner: PendingOwner<R>): Pending<R> {
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
        owner.finished(pending);
        owner.answer(pending, () => job.resolve(outcome));
      },
      reject: (error) => {
        owner.finished(pending);
        owner.answer(pending, () => job.reject(error));
      },
    },
  };
  return pending;
}

/** Tells the run's caller its place; a listener that throws must not break the pool. */
export function notifyPosition<R>(pending: Pending<R>, position: QueuePosition): void {
  try {
    pending.onQueue?.(position);
  } catch {
    // The caller's problem; the run goes on.
  }
}
