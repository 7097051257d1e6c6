import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { collectGarbage, reduceMemory } from './collect-garbage.js';

/** What the collector reads each interval. */
export interface HeapReading {
  /** Share of the last interval the event loop was busy (0–1). */
  busyShare: number;
  /** Bytes of the heap in use now, garbage included until a full collection finds it. */
  heapUsed: number;
  /** Bytes V8 holds for the young generation now (it grows under load and shrinks only when told the load is over). */
  youngGeneration: number;
}

export interface IdleCollectorOptions {
  intervalMs?: number;
  /** Collect once the heap has grown this much since the last full collection. Default 32 MiB. */
  minGrowthBytes?: number;
  /** ...and the event loop was busy at most this share of the last interval. Default 5%. */
  maxBusyShare?: number;
  /** Quiet intervals in a row after which the server settles: a grown young generation is given back. Default 3. */
  settleIntervals?: number;
  /** The young generation a server keeps at rest; more than this after a burst is given back. Default 4 MiB. */
  restingYoungBytes?: number;
  /** Also run when the server settles: other caches to give back (the database's). */
  onSettle?: () => void;
}

type Limits = Required<Omit<IdleCollectorOptions, 'intervalMs' | 'onSettle'>>;

/** What the collector remembers between intervals. */
export interface CollectorState {
  heapAfterLastCollection: number;
  /** Intervals in a row the event loop was quiet. */
  quietIntervals: number;
}

/** What the collector does this interval. */
export type Collection = 'none' | 'collect' | 'settle';

/**
 * Nothing while busy; a full collection when a quiet server holds enough new heap since its last one; and once it
 * has stayed quiet for the settling intervals with the young generation still grown from a burst, it settles: memory
 * is reduced as far as V8 can (young generation included), and the database gives back its caches.
 */
export const collectionDue = (reading: HeapReading, state: CollectorState, limits: Limits): Collection => {
  if (reading.busyShare > limits.maxBusyShare) return 'none';
  if (state.quietIntervals + 1 === limits.settleIntervals && reading.youngGeneration > limits.restingYoungBytes) return 'settle';
  return reading.heapUsed - state.heapAfterLastCollection >= limits.minGrowthBytes ? 'collect' : 'none';
};

const youngGeneration = (): number => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

/** The event loop's busy share since the previous reading, and the heap in use now. */
const readHeap = (): (() => HeapReading) => {
  let previous = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const busyShare = performance.eventLoopUtilization(now, previous).utilization;
    previous = now;
    return { busyShare, heapUsed: getHeapStatistics().used_heap_size, youngGeneration: youngGeneration() };
  };
};

/** How the collector frees memory: a full collection, and the deeper reduction of a settled server. */
export interface CollectorActions {
  collect: () => void;
  settle: () => Promise<void> | void;
}

/**
 * Gives memory back when a burst of work is over. Under load V8 collects the young generation often and the old one
 * rarely: a burst of requests or an export leaves the old generation holding tens of MB of garbage, and the young
 * one grown to 32 MB, for as long as no later allocation forces a full collection — an idle server never does.
 * Once the server has gone quiet (the event loop nearly idle for an interval) with the heap well above what the last
 * full collection left, one full collection (~10–30 ms, with nobody waiting) returns the garbage. A few seconds
 * later, still quiet, it settles: V8 is told memory is low (the young generation shrinks back, freed pages go back to
 * the system) and `onSettle` runs. A busy server is left alone.
 */
export const startIdleCollector = (
  options: IdleCollectorOptions = {},
  actions: CollectorActions = { collect: collectGarbage, settle: reduceMemory },
  read: () => HeapReading = readHeap(),
): { stop: () => void } => {
  const limits: Limits = {
    minGrowthBytes: options.minGrowthBytes ?? 32 * 2 ** 20,
    maxBusyShare: options.maxBusyShare ?? 0.05,
    settleIntervals: options.settleIntervals ?? 3,
    restingYoungBytes: options.restingYoungBytes ?? 4 * 2 ** 20,
  };
  const state: CollectorState = { heapAfterLastCollection: read().heapUsed, quietIntervals: 0 };
  let settling = false;
  const timer = setInterval(() => {
    if (settling) return;
    const reading = read();
    const due = collectionDue(reading, state, limits);
    state.quietIntervals = reading.busyShare > limits.maxBusyShare ? 0 : state.quietIntervals + 1;
    if (due === 'collect') {
      actions.collect();
      state.heapAfterLastCollection = read().heapUsed;
    } else if (due === 'settle') {
      settling = true;
      options.onSettle?.();
      void Promise.resolve()
        .then(actions.settle)
        .catch(() => actions.collect())
        .finally(() => {
          settling = false;
          state.heapAfterLastCollection = read().heapUsed;
        });
    }
  }, options.intervalMs ?? 1_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
};
