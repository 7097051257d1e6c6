import { setTimeout as sleep } from 'node:timers/promises';
import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { reduceMemory, reduceWhenQuiet } from './thread-memory.js';

const youngGeneration = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

describe('thread memory', () => {
  it('shrinks the young generation a burst grew, as V8 does when told memory is low', async () => {
    let kept: object[] = [];
    for (let index = 0; index < 3_000_000; index++) {
      kept.push({ index, name: `row ${index}` });
      if (kept.length > 100_000) kept = [];
    }
    kept = [];
    const grown = youngGeneration();
    expect(grown).toBeGreaterThan(8 * 2 ** 20);
    expect(await reduceMemory()).toBe(true);
    expect(youngGeneration()).toBeLessThan(grown / 4);
  });

  it('reduces once the thread has had no work for the quiet time, and not while work keeps coming', async () => {
    let reductions = 0;
    const quiet = reduceWhenQuiet(60, async () => {
      reductions += 1;
    });
    for (let task = 0; task < 5; task++) {
      quiet.busy();
      await sleep(10);
      quiet.idle();
      await sleep(20);
    }
    expect(reductions).toBe(0);
    await sleep(120);
    expect(reductions).toBe(1);
    quiet.busy();
    await sleep(120);
    expect(reductions).toBe(1);
  });
});
