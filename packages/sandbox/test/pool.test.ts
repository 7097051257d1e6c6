import { describe, expect, it } from 'vitest';
import { SandboxBusyError } from '../src/busy.js';
import { configureLimits, limitsForRun } from '../src/limits.js';
import { WorkerPool } from '../src/pool.js';
import { prepareRun, type WorkerRun } from '../src/request.js';
import type { RunOutcome } from '../src/types.js';
import { WorkerSlot } from '../src/worker-slot.js';
import { settled, threadCount, waitFor } from './helpers.js';

const SCRIPTED = new URL('./fixtures/scripted-worker.js', import.meta.url);
const BROKEN = new URL('./fixtures/broken-worker.js', import.meta.url);

function poolOf(size: number, url: URL, maxQueued?: number): WorkerPool {
  return new WorkerPool(size, { createSlot: (events) => new WorkerSlot(events, url), ...(maxQueued === undefined ? {} : { maxQueued }) });
}

function submit(pool: WorkerPool, code: string, args: unknown[][], wallClockMs?: number): Promise<RunOutcome> {
  const run = prepareRun({ code, functionName: 'f', cases: args.map((a) => ({ args: a, expected: a })) }) as WorkerRun;
  const limits = limitsForRun(configureLimits(wallClockMs === undefined ? {} : { wallClockMs }), args.length);
  return new Promise((resolve, reject) => pool.submit({ run, limits, resolve, reject }));
}

const CRASHED = { passed: false, error: 'The sandbox crashed while running this case' };

describe('WorkerPool', () => {
  it('runs jobs on the workers', async () => {
    const pool = poolOf(2, SCRIPTED);
    try {
      expect(await submit(pool, 'echo', [[1], [2]])).toEqual({
        results: [
          { passed: true, actual: [1] },
          { passed: true, actual: [2] },
        ],
      });
    } finally {
      await pool.close();
    }
  });

  it.each([
    ['throws', 'throw'],
    ['exits', 'exit'],
  ])('survives a worker that %s during a run and replaces it', async (_, code) => {
    const pool = poolOf(1, SCRIPTED);
    try {
      const crashed = submit(pool, code, [[1], [2]]);
      const queued = submit(pool, 'echo', [[3]]);
      expect(await crashed).toEqual({ results: [CRASHED, CRASHED] });
      expect(await queued).toEqual({ results: [{ passed: true, actual: [3] }] });
      expect(pool.workerCount).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('keeps the cases a crashed worker had already finished', async () => {
    const pool = poolOf(1, SCRIPTED);
    try {
      expect(await submit(pool, 'half', [[1], [2]])).toEqual({ results: [{ passed: true, actual: [1] }, CRASHED] });
    } finally {
      await pool.close();
    }
  });

  it('kills a worker that overruns the wall clock, then serves the queue with a new one', async () => {
    const pool = poolOf(1, SCRIPTED);
    try {
      const started = performance.now();
      const hung = submit(pool, 'hang', [[1]], 300);
      const next = submit(pool, 'echo', [[2]]);
      expect(await hung).toEqual({ results: [{ passed: false, error: 'Time limit exceeded' }] });
      expect(performance.now() - started).toBeLessThan(300 + 1500);
      expect(await next).toEqual({ results: [{ passed: true, actual: [2] }] });
    } finally {
      await pool.close();
    }
  });

  it('rejects waiting jobs instead of respawning forever when workers cannot start', async () => {
    const pool = poolOf(1, BROKEN);
    try {
      await expect(submit(pool, 'echo', [[1]])).rejects.toThrow(/Sandbox workers fail to start: cannot load QuickJS/);
    } finally {
      await pool.close();
    }
  });

  it('warmUp() starts the workers before any job, and only up to the pool size', async () => {
    const before = threadCount();
    const pool = poolOf(2, SCRIPTED);
    expect(pool.workerCount).toBe(0);
    pool.warmUp();
    pool.warmUp();
    expect(pool.workerCount).toBe(2);
    expect(await waitFor(() => threadCount() >= before + 2, 10_000)).toBe(true);
    await pool.close();
  });

  it('starts workers cold until warmUp(), which then warms the running workers and starts the new ones warm', async () => {
    const started: (readonly string[])[] = [];
    const warmed: (readonly string[])[] = [];
    const pool = new WorkerPool(2, {
      prewarm: ['python'],
      createSlot: (events, prewarm) => {
        started.push(prewarm);
        const slot = new WorkerSlot(events, SCRIPTED);
        const warm = slot.warm.bind(slot);
        slot.warm = (engines) => {
          warmed.push(engines);
          warm(engines);
        };
        return slot;
      },
    });
    try {
      // One job starts both workers (the pool fills up), and none of them prepares Python for a JavaScript load.
      expect(await submit(pool, 'echo', [[1]])).toEqual({ results: [{ passed: true, actual: [1] }] });
      expect(started).toEqual([[], []]);
      pool.warmUp();
      expect(warmed).toEqual([['python'], ['python']]);
      expect(await submit(pool, 'exit', [[1]])).toEqual({ results: [CRASHED] });
      expect(await waitFor(() => started.length === 3, 10_000)).toBe(true);
      expect(started[2]).toEqual(['python']);
      expect(await submit(pool, 'echo', [[2]])).toEqual({ results: [{ passed: true, actual: [2] }] });
    } finally {
      await pool.close();
    }
  });

  it('replaces a lost worker at once when kept warm, and only at the next job otherwise', async () => {
    const warm = poolOf(1, SCRIPTED);
    const cold = poolOf(1, SCRIPTED);
    try {
      warm.warmUp();
      expect(await submit(warm, 'exit', [[1]])).toEqual({ results: [CRASHED] });
      expect(await submit(cold, 'exit', [[1]])).toEqual({ results: [CRASHED] });
      expect(warm.workerCount).toBe(1);
      expect(cold.workerCount).toBe(0);
    } finally {
      await Promise.all([warm.close(), cold.close()]);
    }
  });

  it('close() rejects running and queued jobs and ends every thread, even a hung one', async () => {
    const before = threadCount();
    const pool = poolOf(2, SCRIPTED);
    await submit(pool, 'echo', [[0]]);
    const hung = settled(submit(pool, 'hang', [[1]], 60_000));
    const running = settled(submit(pool, 'hang', [[2]], 60_000));
    const queued = settled(submit(pool, 'echo', [[3]]));
    await waitFor(() => threadCount() >= before + 2, 5000);
    expect(threadCount()).toBeGreaterThanOrEqual(before + 2);
    await pool.close();
    expect(await Promise.all([hung, running, queued])).toEqual(Array(3).fill('rejected: Sandbox is closed'));
    expect(await waitFor(() => threadCount() <= before, 5000)).toBe(true);
    await expect(submit(pool, 'echo', [[4]])).rejects.toThrow('Sandbox is closed');
  });

  describe('with a bounded queue', () => {
    it('admits size + maxQueued jobs and refuses the next at once, with the soonest wall clock as retry hint', async () => {
      const pool = poolOf(1, SCRIPTED, 2);
      try {
        await submit(pool, 'echo', [[0]]); // the worker is up, so the next job starts at once
        const running = settled(submit(pool, 'hang', [[1]], 2500));
        const queued = [settled(submit(pool, 'echo', [[2]])), settled(submit(pool, 'echo', [[3]]))];
        expect(pool.admitted).toBe(3);
        const refused = submit(pool, 'echo', [[4]]);
        await expect(refused).rejects.toBeInstanceOf(SandboxBusyError);
        const error = (await refused.catch((e: unknown) => e)) as SandboxBusyError;
        expect(error.retryAfterMs).toBeGreaterThanOrEqual(1000);
        expect(error.retryAfterMs).toBeLessThanOrEqual(2500);
        expect(pool.admitted).toBe(3);
        expect(await running).toBe('resolved');
        expect(await Promise.all(queued)).toEqual(['resolved', 'resolved']);
        expect(pool.admitted).toBe(0);
      } finally {
        await pool.close();
      }
    });

    it('frees the place of a job however it ends: result, wall-clock kill or crash', async () => {
      const pool = poolOf(1, SCRIPTED, 0);
      try {
        for (const [code, wallClockMs] of [
          ['echo', undefined],
          ['hang', 300],
          ['throw', undefined],
          ['exit', undefined],
        ] as const) {
          await submit(pool, code, [[1]], wallClockMs);
          expect(pool.admitted).toBe(0);
        }
        expect(await submit(pool, 'echo', [[5]])).toEqual({ results: [{ passed: true, actual: [5] }] });
      } finally {
        await pool.close();
      }
    });

    it('admits again as soon as a running job ends', async () => {
      const pool = poolOf(1, SCRIPTED, 0);
      try {
        await submit(pool, 'echo', [[0]]);
        const hung = submit(pool, 'hang', [[1]], 300);
        await expect(submit(pool, 'echo', [[2]])).rejects.toBeInstanceOf(SandboxBusyError);
        await hung;
        expect(await submit(pool, 'echo', [[3]])).toEqual({ results: [{ passed: true, actual: [3] }] });
      } finally {
        await pool.close();
      }
    });

    it('counts jobs waiting for workers that are still starting, and hints a short retry', async () => {
      const pool = poolOf(1, SCRIPTED, 0);
      try {
        const first = submit(pool, 'echo', [[1]]);
        const refused = await submit(pool, 'echo', [[2]]).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(SandboxBusyError);
        expect((refused as SandboxBusyError).retryAfterMs).toBe(1000);
        expect(await first).toEqual({ results: [{ passed: true, actual: [1] }] });
      } finally {
        await pool.close();
      }
    });
  });
});
