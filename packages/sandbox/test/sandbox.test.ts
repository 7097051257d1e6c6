import { describe, expect, it } from 'vitest';
import { Sandbox } from '../src/index.js';
import { ADD, settled, threadCount, timed, waitFor, WALL_CLOCK_SLACK_MS, verdicts } from './helpers.js';

const addCase = (a: number, b: number) => ({ args: [a, b], expected: a + b });

describe('Sandbox pool', () => {
  it('runs a normal request after an infinite loop killed by the wall clock (worker replaced)', async () => {
    // The wall clock is shorter than the CPU budget, so the parent must terminate the worker itself.
    const sandbox = new Sandbox({ workers: 1, limits: { cpuMsPerCase: 10_000, wallClockMs: 1000 } });
    try {
      const { outcome, ms } = await timed(sandbox, {
        code: 'function add() { while (true) {} }',
        functionName: 'add',
        cases: [addCase(1, 2), addCase(3, 4)],
      });
      console.info(`infinite loop killed by the wall clock: ${Math.round(ms)} ms`);
      expect(verdicts(outcome.results)).toEqual([
        { passed: false, error: 'Time limit exceeded' },
        { passed: false, error: 'Time limit exceeded' },
      ]);
      expect(ms).toBeLessThan(1000 + WALL_CLOCK_SLACK_MS);
      const after = await sandbox.run({ code: ADD, functionName: 'add', cases: [addCase(2, 3)] });
      expect(verdicts(after.results)).toEqual([{ passed: true, actual: 5 }]);
    } finally {
      await sandbox.close();
    }
  });

  it('runs a normal request after an infinite loop stopped by the CPU limit', async () => {
    const sandbox = new Sandbox({ workers: 1 });
    try {
      const looping = await sandbox.run({ code: 'function add() { for (;;) {} }', functionName: 'add', cases: [addCase(1, 2)] });
      expect(verdicts(looping.results)).toEqual([{ passed: false, error: 'Time limit exceeded' }]);
      const after = await sandbox.run({ code: ADD, functionName: 'add', cases: [addCase(2, 3)] });
      expect(verdicts(after.results)).toEqual([{ passed: true, actual: 5 }]);
    } finally {
      await sandbox.close();
    }
  });

  it('completes 8 concurrent runs on 2 workers, each with its own answers', async () => {
    const sandbox = new Sandbox({ workers: 2 });
    try {
      const runs = Array.from({ length: 8 }, (_, i) =>
        sandbox.run({
          code: `function add(a, b) { return a + b + ${i}; }`,
          functionName: 'add',
          cases: [
            { args: [i, 1], expected: 2 * i + 1 },
            { args: [10, i], expected: 10 + 2 * i },
          ],
        }),
      );
      const outcomes = await Promise.all(runs);
      outcomes.forEach((outcome, i) => {
        expect(verdicts(outcome.results)).toEqual([
          { passed: true, actual: 2 * i + 1 },
          { passed: true, actual: 10 + 2 * i },
        ]);
      });
    } finally {
      await sandbox.close();
    }
  });

  it('keeps serving concurrent honest runs while others loop or blow up', async () => {
    const sandbox = new Sandbox({ workers: 2, limits: { cpuMsPerCase: 300 } });
    try {
      const hostile = [
        sandbox.run({ code: 'function add() { for (;;) {} }', functionName: 'add', cases: [addCase(0, 0)] }),
        sandbox.run({ code: "function add() { const a = []; for (;;) a.push('x'.repeat(1e6)); }", functionName: 'add', cases: [addCase(0, 0)] }),
      ];
      const honest = Array.from({ length: 6 }, (_, i) => sandbox.run({ code: ADD, functionName: 'add', cases: [addCase(i, i)] }));
      const outcomes = await Promise.all([...hostile, ...honest]);
      expect(outcomes[0]?.results[0]?.error).toBe('Time limit exceeded');
      expect(outcomes[1]?.results[0]?.error).toMatch(/^(Memory|Time) limit exceeded$/);
      outcomes.slice(2).forEach((outcome, i) => expect(verdicts(outcome.results)).toEqual([{ passed: true, actual: 2 * i }]));
    } finally {
      await sandbox.close();
    }
  });

  it('close() terminates its workers and refuses later runs', async () => {
    const before = threadCount();
    const sandbox = new Sandbox({ workers: 2 });
    await Promise.all([1, 2].map((i) => sandbox.run({ code: ADD, functionName: 'add', cases: [addCase(i, i)] })));
    expect(threadCount()).toBeGreaterThanOrEqual(before + 2);
    const inFlight = settled(sandbox.run({ code: 'function add() { for (;;) {} }', functionName: 'add', cases: [addCase(1, 1)] }));
    await sandbox.close();
    expect(await inFlight).toBe('rejected: Sandbox is closed');
    expect(await waitFor(() => threadCount() <= before, 5000)).toBe(true);
    await expect(sandbox.run({ code: ADD, functionName: 'add', cases: [addCase(1, 1)] })).rejects.toThrow('Sandbox is closed');
    await sandbox.close();
  });

  it('validates its options', () => {
    expect(() => new Sandbox({ workers: 0 })).toThrow(RangeError);
    expect(() => new Sandbox({ limits: { cpuMsPerCase: -1 } })).toThrow(RangeError);
    expect(() => new Sandbox({ limits: { memoryBytes: 1000 } })).toThrow(/at least 1 MiB/);
  });
});
