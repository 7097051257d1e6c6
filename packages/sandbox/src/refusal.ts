import { SandboxBusyError } from './busy.js';
import type { Pending } from './pending-run.js';
import { forecast, type PoolLoad, recentStarts, runningRemaining, waitingCosts } from './queue-forecast.js';
import type { RunLane } from './types.js';
import { latestStartMs } from './wait-estimate.js';

/** The lane whose runs are bounded (refused past maxQueued / maxWaitMs); the other is never refused. */
export const BOUNDED_LANE: RunLane = 'candidate';
/** Retry-After is in whole seconds: never sooner than one. */
const MIN_RETRY_MS = 1000;

export interface QueueBounds {
  /** Runs of the bounded lane that may wait beyond the free workers. */
  readonly maxQueued: number;
  /** A bounded run expected to wait longer than this is refused. */
  readonly maxWaitMs: number;
}

/** Why a waiting candidate run is refused (past maxQueued beyond the free workers, or an expected wait past maxWaitMs), or undefined. */
export function refusalOf<R>(pending: Pending<R>, load: PoolLoad<R>, { maxQueued, maxWaitMs }: QueueBounds): SandboxBusyError | undefined {
  const excess = load.queue.waitingIn(BOUNDED_LANE) - (maxQueued + load.size - load.running.size);
  if (excess > 0) {
    // When places free up, from a forecast up to 0.1 s old: Retry-After is whole seconds.
    const starts = recentStarts(load);
    return new SandboxBusyError(Math.max(MIN_RETRY_MS, starts[Math.min(excess, starts.length) - 1] ?? 0));
  }
  if (!Number.isFinite(maxWaitMs)) return undefined;
  if (latestStartMs(waitingCosts(load), runningRemaining(load), load.size) <= maxWaitMs) return undefined;
  const { order, starts } = forecast(load);
  const waitMs = starts[order.indexOf(pending.ticket)] ?? 0;
  if (waitMs <= maxWaitMs) return undefined;
  return new SandboxBusyError(Math.max(MIN_RETRY_MS, waitMs - maxWaitMs));
}
