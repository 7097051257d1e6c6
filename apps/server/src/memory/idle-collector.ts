import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { collectGarbage } from './collect-garbage.js';

/** What the collector reads each interval. */
export interface HeapReading {
  /** Share of the last interval the event loop was busy (0–1). */
  busyShare: number;
  /** Bytes of the heap in use now, garbage included until a full collection finds it. */
  heapUsed: number;
}

export interface IdleCollectorOptions {
  intervalMs?: number;
  /** Collect once the heap has grown this much since the last full collection. Default 32 MiB. */
  minGrowthBytes?: number;
  /** ...and the event loop was busy at most this share of the last interval. Default 5%. */
  maxBusyShare?: number;
}

/** Whether a quiet server holds enough new heap since its last full collection to be worth one now. */
export const worthCollecting = (reading: HeapReading, heapAfterLastCollection: number, options: Required<Omit<IdleCollectorOptions, 'intervalMs'>>): boolean =>
  reading.busyShare <= options.maxBusyShare && reading.heapUsed - heapAfterLastCollection >= options.minGrowthBytes;

/** The event loop's busy share since the previous reading, and the heap in use now. */
const readHeap = (): (() => HeapReading) => {
  let previous = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const busyShare = performance.eventLoopUtilization(now, previous).utilization;
    previous = now;
    return { busyShare, heapUsed: getHeapStatistics().used_heap_size };
  };
};

/**
 * Gives memory back when a burst of work is over. Under load V8 collects the young generation often and the old one
 * rarely: a burst of requests or an export leaves the old generation holding tens of MB of garbage, and the young
 * one grown to 32 MB, for as long as no later allocation forces a full collection — an idle server never does.
 * Once the server has gone quiet (the event loop nearly idle for an interval) with the heap well above what the last
 * full collection left, one full collection (~10–30 ms, with nobody waiting) returns it. A busy server is left alone.
 */
export const startIdleCollector = (
  options: IdleCollectorOptions = {},
  collect: () => void = collectGarbage,
  read: () => HeapReading = readHeap(),
): { stop: () => void } => {
  const limits = { minGrowthBytes: options.minGrowthBytes ?? 32 * 2 ** 20, maxBusyShare: options.maxBusyShare ?? 0.05 };
  let heapAfterLastCollection = read().heapUsed;
  const timer = setInterval(() => {
    const reading = read();
    if (!worthCollecting(reading, heapAfterLastCollection, limits)) return;
    collect();
    heapAfterLastCollection = read().heapUsed;
  }, options.intervalMs ?? 1_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
};
