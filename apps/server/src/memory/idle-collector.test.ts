import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage.js';
import { type HeapReading, startIdleCollector, worthCollecting } from './idle-collector.js';

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
});

describe('the idle collector', () => {
  const limits = { minGrowthBytes: 32 * MiB, maxBusyShare: 0.05 };

  it('collects only a quiet server whose heap grew enough since the last collection', () => {
    expect(worthCollecting({ busyShare: 0.01, heapUsed: 100 * MiB }, 60 * MiB, limits)).toBe(true);
    expect(worthCollecting({ busyShare: 0.3, heapUsed: 100 * MiB }, 60 * MiB, limits)).toBe(false);
    expect(worthCollecting({ busyShare: 0.01, heapUsed: 80 * MiB }, 60 * MiB, limits)).toBe(false);
  });

  it('waits for the quiet after a burst, collects once, and measures the next growth from what it left', async () => {
    const readings: HeapReading[] = [
      { busyShare: 0, heapUsed: 40 * MiB }, // at start
      { busyShare: 0.9, heapUsed: 120 * MiB }, // the burst: left alone
      { busyShare: 0.01, heapUsed: 120 * MiB }, // quiet: collect
      { busyShare: 0, heapUsed: 45 * MiB }, // what the collection left
      { busyShare: 0, heapUsed: 70 * MiB }, // +25 MiB since: not yet
      { busyShare: 0, heapUsed: 78 * MiB }, // +33 MiB: collect
      { busyShare: 0, heapUsed: 44 * MiB },
    ];
    const seen: number[] = [];
    let collections = 0;
    const collector = startIdleCollector(
      { intervalMs: 5 },
      () => {
        collections += 1;
        seen.push(readings.length);
      },
      () => readings.shift() ?? { busyShare: 0, heapUsed: 44 * MiB },
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
});
