import type { FairQueue, Ticket } from './fair-queue.js';
import type { Pending } from './pending-run.js';
import { remainingMs, startTimes } from './wait-estimate.js';

/** What a forecast reads of a pool: its fair queue, its runs waiting and running, and how many workers it has. */
export interface PoolLoad<R> {
  readonly queue: FairQueue<Pending<R>>;
  /** Runs waiting for a worker (their tickets are in the queue). */
  readonly queued: ReadonlySet<Pending<R>>;
  readonly running: ReadonlySet<Pending<R>>;
  readonly size: number;
}

/** The waiting runs in the order they would start, and when each is expected to start (ms from now). */
export interface Forecast<R> {
  order: Ticket<Pending<R>>[];
  starts: number[];
}

export function forecast<R>(load: PoolLoad<R>): Forecast<R> {
  const order = load.queue.order();
  return {
    order,
    starts: startTimes(
      order.map((ticket) => load.queue.estimateOf(ticket)),
      runningRemaining(load),
    ),
  };
}

/**
 * How old a forecast may be when only the queue's start times are wanted (a refusal's Retry-After, in whole seconds):
 * past the queue's bound every press is refused, and forecasting the whole queue for each one took most of the
 * request thread of a campus pressing Run (decision 1403).
 */
const RETRY_FORECAST_MS = 100;
const recent = new WeakMap<object, { at: number; starts: number[] }>();

/** The start times of a forecast made less than RETRY_FORECAST_MS ago, else of a new one. */
export function recentStarts<R>(load: PoolLoad<R>): number[] {
  const now = performance.now();
  const kept = recent.get(load);
  if (kept !== undefined && now - kept.at < RETRY_FORECAST_MS) return kept.starts;
  const { starts } = forecast(load);
  recent.set(load, { at: now, starts });
  return starts;
}

/** How long each running run is expected to go on, and 0 for every worker not running one. */
export function runningRemaining<R>(load: PoolLoad<R>): number[] {
  const now = performance.now();
  const remaining = [...load.running].map((pending) => {
    const elapsed = now - pending.startedAt;
    return remainingMs(pending.ticket.charged, elapsed, pending.job.limits.wallClockMs - elapsed);
  });
  while (remaining.length < load.size) remaining.push(0);
  return remaining;
}

/** What the waiting runs are expected to cost, together. */
export function waitingCosts<R>(load: PoolLoad<R>): number {
  let total = 0;
  for (const pending of load.queued) total += load.queue.estimateOf(pending.ticket);
  return total;
}
