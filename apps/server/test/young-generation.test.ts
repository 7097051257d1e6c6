import { setFlagsFromString } from 'node:v8';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { startUpSettings } from '../src/start-up-mode.js';
import { keepSemiSpaceToRequestThread } from '../src/young-generation.js';

/** Allocates well past any young generation, in a new thread; answers the MB its new space grew to. */
const workerNewSpaceMb = async (resourceLimits?: ResourceLimits): Promise<number> => {
  const worker = new Worker(
    `const { getHeapSpaceStatistics } = require('node:v8');
     let kept = [];
     for (let i = 0; i < 2e6; i++) { kept.push({ i, text: 'x' + i }); if (kept.length > 100000) kept = []; }
     const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
     require('node:worker_threads').parentPort.postMessage(newSpace.space_size / 2 ** 20);`,
    { eval: true, resourceLimits },
  );
  try {
    return await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
};

describe('a larger young generation for the request thread only (node --max-semi-space-size=32)', () => {
  afterEach(() => setFlagsFromString('--max-semi-space-size=0'));

  it('leaves a worker the young generation it asks for', async () => {
    // What `node --max-semi-space-size=32` leaves behind for every isolate made after the process's own.
    setFlagsFromString('--max-semi-space-size=32');
    keepSemiSpaceToRequestThread();
    // A render thread's 8 MB young generation: two semi-spaces of at most ~2.7 MB (64 MB with the flag in force).
    expect(await workerNewSpaceMb({ maxYoungGenerationSizeMb: 8 })).toBeLessThanOrEqual(8);
    // A sandbox worker's, which sets none: V8's default of two 16 MB semi-spaces.
    expect(await workerNewSpaceMb()).toBeLessThanOrEqual(32);
  });

  it('keeps start-up holding the young generation at its initial size', () => {
    const during = (options: string) => startUpSettings(options).map((setting) => setting.during);
    expect(during('--max-semi-space-size=32')).toContain('--semi-space-growth-factor=1');
    expect(during('')).toContain('--semi-space-growth-factor=1');
    // An operator's own growth factor is still theirs.
    expect(during('--semi-space-growth-factor=4')).not.toContain('--semi-space-growth-factor=1');
  });
});
