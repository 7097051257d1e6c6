import { describe, expect, it } from 'vitest';
import { NOT_RUN_TIME_LIMIT, Sandbox, SandboxCancelledError } from '../src/index.js';
import type { QueuePosition, RunRequest } from '../src/index.js';
import { ADD, verdicts } from './helpers.js';

const addCase = (a: number, b: number) => ({ args: [a, b], expected: a + b });
const looping = (cases = 1): RunRequest => ({
  code: 'function add() { while (true) {} }',
  functionName: 'add',
  cases: Array.from({ length: cases }, (_, i) => addCase(i, 1)),
});
const honest = (i: number): RunRequest => ({ code: ADD, functionName: 'add', cases: [addCase(i, 1)] });

describe('Sandbox scheduling: one run per candidate, budgets, cancelling, places', () => {
  it('runs one run of a candidate at a time: the second waits for the first even with a worker free', async () => {
    const sandbox = new Sandbox({ workers: 2, limits: { cpuMsPerCase: 1000 } });
    try {
      const order: string[] = [];
      const owner = { candidate: 'same token' };
      const first = sandbox.run(looping(), { owner }).then(() => order.push('loop'));
      const second = sandbox.run(honest(1), { owner }).then(() => order.push('honest'));
      const other = sandbox.run(honest(2), { owner: { candidate: 'someone else' } }).then(() => order.push('other'));
      await Promise.all([first, second, other]);
      expect(order).toEqual(['other', 'loop', 'honest']);
    } finally {
      await sandbox.close();
    }
  });

  it('stops a run after its budget of timeouts: the cases after the first timeout are not run', async () => {
    const sandbox = new Sandbox({ workers: 1, limits: { cpuMsPerCase: 300 } });
    try {
      const { results } = await sandbox.run(looping(5), { lane: 'scoring', stopAfterTimeouts: 1 });
      expect(verdicts(results)).toEqual([{ passed: false, error: 'Time limit exceeded' }, ...Array(4).fill({ passed: false, error: NOT_RUN_TIME_LIMIT })]);
      const twice = await sandbox.run(looping(4), { lane: 'scoring', stopAfterTimeouts: 2 });
      expect(twice.results.map((result) => result.error)).toEqual(['Time limit exceeded', 'Time limit exceeded', NOT_RUN_TIME_LIMIT, NOT_RUN_TIME_LIMIT]);
      // Without a budget every case runs to its limit, as before.
      expect((await sandbox.run(looping(2))).results.map((result) => result.error)).toEqual(['Time limit exceeded', 'Time limit exceeded']);
    } finally {
      await sandbox.close();
    }
  });

  it('takes a cancelled waiting run out of the queue at once, and stops a cancelled running one', async () => {
    const sandbox = new Sandbox({ workers: 1, limits: { cpuMsPerCase: 20_000 } });
    try {
      await sandbox.run(honest(0));
      const running = new AbortController();
      const waiting = new AbortController();
      const loop = sandbox.run(looping(), { signal: running.signal });
      const queued = sandbox.run(honest(1), { signal: waiting.signal });
      expect(sandbox.waiting()).toBe(1);
      waiting.abort();
      await expect(queued).rejects.toBeInstanceOf(SandboxCancelledError);
      expect(sandbox.waiting()).toBe(0);
      running.abort();
      await expect(loop).rejects.toBeInstanceOf(SandboxCancelledError);
      // The loop had 20 s of budget: the next run is answered because the cancel stopped it, not because it ran out.
      expect(verdicts((await sandbox.run(honest(2))).results)).toEqual([{ passed: true, actual: 3 }]);
      expect(sandbox.stats().runsCancelled).toBe(2);
      await expect(sandbox.run(honest(3), { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(SandboxCancelledError);
    } finally {
      await sandbox.close();
    }
  });

  it('tells a waiting run its place as the queue moves, and when it starts', async () => {
    const sandbox = new Sandbox({ workers: 1, limits: { cpuMsPerCase: 1000 } });
    try {
      await sandbox.run(honest(0));
      const heard: QueuePosition[][] = [[], [], []];
      const loop = sandbox.run(looping());
      const runs = heard.map((positions, i) => sandbox.run(honest(i), { owner: { candidate: `c${i}` }, onQueue: (position) => positions.push(position) }));
      // Each counts the runs before it and the loop it waits for: a waiting run is never told 0 (started).
      expect(heard.map((positions) => positions[0]?.ahead)).toEqual([1, 2, 3]);
      expect(heard[2]![0]!.etaMs).toBeGreaterThan(0);
      await Promise.all([loop, ...runs]);
      for (const positions of heard) {
        expect(positions.at(-1)).toEqual({ ahead: 0, etaMs: 0 });
        const aheads = positions.map((position) => position.ahead);
        expect(aheads).toEqual([...aheads].sort((a, b) => b - a));
      }
      // Told when it moved up as the loop ended (later moves, milliseconds apart, may fall within one ~100 ms telling).
      expect(heard[2]!.map((position) => position.ahead)).toContain(2);
    } finally {
      await sandbox.close();
    }
  });
});
