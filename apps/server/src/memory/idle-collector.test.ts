import { setTimeout as sleep } from 'node:timers/promises';
import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectGarbage, reduceMemory } from './collect-garbage.js';
import { type HeapReading, collectionDue, startIdleCollector } from './idle-collector.js';

const MiB = 2 ** 20;

/** Garbage that survives into the old generation: held across a few turns, then dropped. */
const garbageInOldSpace = async (): Promise<void> => {
  let rows: { id: number; name: string }[] | undefined = Array.from({ length: 600_000 }, (_, id) => ({ id, name: `candidate ${id}` }));
  await sleep(20);
  expect(rows.length).toBe(600_000);
  rows = undefined;
};

describe('collectGarbage', () => {
  it('collects at once what a burst left behind, without leaving a global gc', async () => {
    await garbageInOldSpace();
    await sleep(0);
    const before = process.memoryUsage().heapUsed;
    collectGarbage();
    const after = process.memoryUsage().heapUsed;
    expect(before - after).toBeGreaterThan(20 * MiB);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it('reduces memory as V8 does when told memory is low: garbage collected and the young generation shrunk', async () => {
    await garbageInOldSpace();
    const before = process.memoryUsage().heapUsed;
    await reduceMemory();
    expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(20 * MiB);
    expect(getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size).toBeLessThan(4 * MiB);
  });
});

describe('the idle collector', () => {
  const limits = { minGrowthBytes: 32 * MiB, maxBusyShare: 0.05, settleIntervals: 3, restingYoungBytes: 4 * MiB };
  const young = 1 * MiB;

  it('collects only a quiet server whose heap grew enough since the last collection', () => {
    const state = { heapAfterLastCollection: 60 * MiB, quietIntervals: 0 };
    expect(collectionDue({ busyShare: 0.01, heapUsed: 100 * MiB, youngGeneration: young }, state, limits)).toBe('collect');
    expect(collectionDue({ busyShare: 0.3, heapUsed: 100 * MiB, youngGeneration: young }, state, limits)).toBe('none');
    expect(collectionDue({ busyShare: 0.01, heapUsed: 80 * MiB, youngGeneration: young }, state, limits)).toBe('none');
  });

  it('settles once, when the server has been quiet for the settling intervals with its young generation grown', () => {
    const grown = { busyShare: 0, heapUsed: 50 * MiB, youngGeneration: 32 * MiB };
    const after = (quietIntervals: number) => ({ heapAfterLastCollection: 50 * MiB, quietIntervals });
    expect(collectionDue(grown, after(1), limits)).toBe('none');
    expect(collectionDue(grown, after(2), limits)).toBe('settle');
    expect(collectionDue(grown, after(3), limits)).toBe('none');
    expect(collectionDue({ ...grown, youngGeneration: 2 * MiB }, after(2), limits)).toBe('none');
    expect(collectionDue({ ...grown, busyShare: 0.5 }, after(2), limits)).toBe('none');
    expect(collectionDue({ ...grown, heapUsed: 90 * MiB }, after(0), limits)).toBe('collect');
  });

  it('waits for the quiet after a burst, collects once, and measures the next growth from what it left', async () => {
    const heap = (busyShare: number, used: number): HeapReading => ({ busyShare, heapUsed: used * MiB, youngGeneration: young });
    const readings: HeapReading[] = [
      heap(0, 40), // at start
      heap(0.9, 120), // the burst: left alone
      heap(0.01, 120), // quiet: collect
      heap(0, 45), // what the collection left
      heap(0, 70), // +25 MiB since: not yet
      heap(0, 78), // +33 MiB: collect
      heap(0, 44),
    ];
    const seen: number[] = [];
    let collections = 0;
    const collector = startIdleCollector(
      { intervalMs: 5, settleIntervals: 1_000 },
      {
        collect: () => {
          collections += 1;
          seen.push(readings.length);
        },
        settle: () => {},
      },
      () => readings.shift() ?? heap(0, 44),
    );
    await sleep(200);
    collector.stop();
    expect(collections).toBe(2);
    expect(seen).toEqual([4, 1]);
  });

  it('gives back the garbage of a burst once the process goes quiet', async () => {
    const collector = startIdleCollector({ intervalMs: 50, minGrowthBytes: 16 * MiB, maxBusyShare: 0.5 });
    await garbageInOldSpace();
    const before = process.memoryUsage().heapUsed;
    await sleep(400);
    collector.stop();
    expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(20 * MiB);
  });

  it('settles a quiet process: the young generation a burst grew is given back, and onSettle runs once', async () => {
    const youngNow = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
    // A burst of short-lived allocation grows the young generation.
    let kept: object[] = [];
    for (let index = 0; index < 3_000_000; index++) {
      kept.push({ index, name: `row ${index}` });
      if (kept.length > 100_000) kept = [];
    }
    kept = [];
    const grown = youngNow();
    expect(grown).toBeGreaterThan(8 * MiB);
    let settled = 0;
    const collector = startIdleCollector({ intervalMs: 100, maxBusyShare: 0.5, onSettle: () => (settled += 1) });
    await sleep(1_000);
    collector.stop();
    expect(settled).toBe(1);
    expect(youngNow()).toBeLessThan(grown / 4);
  });
});
