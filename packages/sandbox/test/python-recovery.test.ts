import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox, TIME_LIMIT_EXCEEDED } from '../src/index.js';
import { PYTHON_START_MS, runPython, waitFor } from './helpers.js';

/**
 * A run stopped by its time limit gives its interpreter back (interrupted: reset in place), or its worker is
 * killed (the interrupt was swallowed) and the warm standby worker takes its place: either way no later run
 * waits for an interpreter to start. Shown by the sandbox's counters, not by timings.
 */
// A case's budget is wall-clock time: 2 s leaves a loaded CI machine room to overflow the stack before it runs out.
const sandbox = new Sandbox({ workers: 1, maxQueued: 10, limits: { cpuMsPerCase: 2_000 } });
const honest = () => runPython(sandbox, 'def f():\n    return 42', [], 42);

beforeAll(async () => {
  await honest();
  // The worker's interpreter and the standby's.
  expect(await waitFor(() => sandbox.stats().pythonStarts >= 2, PYTHON_START_MS - 10_000)).toBe(true);
}, PYTHON_START_MS);
afterAll(() => sandbox.close());

describe('Python: a stopped run gives its slot back at once', () => {
  it('reuses the interpreter of a run interrupted at its time limit (a busy loop, a long sleep)', async () => {
    const before = sandbox.stats();
    expect((await runPython(sandbox, 'def f():\n    while True:\n        pass')).error).toBe(TIME_LIMIT_EXCEEDED);
    expect((await runPython(sandbox, 'import time\ndef f():\n    time.sleep(100)')).error).toBe(TIME_LIMIT_EXCEEDED);
    expect((await honest()).passed).toBe(true);
    // The reset follows the result: wait for the last one.
    expect(await waitFor(() => sandbox.stats().pythonResets - before.pythonResets === 3, 10_000)).toBe(true);
    const after = sandbox.stats();
    expect(after.workersLost).toBe(before.workersLost);
    expect(after.pythonRecycled).toBe(before.pythonRecycled);
    expect(after.pythonColdStarts).toBe(before.pythonColdStarts);
  });

  it(
    'replaces a worker killed at its wall clock with the warm standby: the next run does not wait for a cold start',
    async () => {
      const before = sandbox.stats();
      const swallowing = 'def f():\n    while True:\n        try:\n            while True: pass\n        except BaseException:\n            pass';
      expect((await runPython(sandbox, swallowing)).error).toBe(TIME_LIMIT_EXCEEDED);
      expect((await honest()).passed).toBe(true);
      const after = sandbox.stats();
      expect(after.workersLost - before.workersLost).toBe(1);
      expect(after.standbyPromotions - before.standbyPromotions).toBe(1);
      expect(after.pythonColdStarts).toBe(before.pythonColdStarts);
      // A new standby is prepared in the background.
      expect(await waitFor(() => sandbox.stats().pythonStarts > after.pythonStarts, PYTHON_START_MS - 10_000)).toBe(true);
    },
    PYTHON_START_MS,
  );

  it('replaces a worker whose interpreter stopped (V8 stack overflow) the same way', async () => {
    const before = sandbox.stats();
    const deep = await runPython(sandbox, 'import sys\nsys.setrecursionlimit(10**7)\ndef g(n):\n    return g(n + 1)\ndef f():\n    return g(0)');
    // Which stop comes first, the stack or the memory cap, depends on what the worker's heap already holds (here a
    // just-promoted standby): either is the candidate's own run stopped with its reason, and what follows is the same.
    expect(deep.error).toMatch(/^(RecursionError|Memory limit exceeded)/);
    expect((await honest()).passed).toBe(true);
    const after = sandbox.stats();
    expect(after.pythonColdStarts).toBe(before.pythonColdStarts);
  });
});
