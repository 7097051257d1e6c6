import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_RUN_TIME_LIMIT, Sandbox, SandboxCancelledError } from '../src/index.js';
import type { RunRequest } from '../src/index.js';
import { PYTHON_START_MS, verdicts } from './helpers.js';

const sandbox = new Sandbox({ workers: 1, limits: { cpuMsPerCase: 500 } });
const python = (code: string, cases = 1): RunRequest => ({
  language: 'python',
  code,
  functionName: 'f',
  cases: Array.from({ length: cases }, (_, i) => ({ args: [i], expected: i })),
});
const ECHO = python('def f(x):\n    return x');

beforeAll(async () => {
  // The interpreter is ready (and the standby started) before the runs these tests look at.
  await sandbox.run(ECHO);
}, PYTHON_START_MS);
afterAll(() => sandbox.close());

describe('Python: a run’s budget of timeouts and cancelling', () => {
  it('ends a run whose answer catches the interrupt at the first case’s limit, the rest not run', async () => {
    const swallowing = python(
      'def f(x):\n    while True:\n        try:\n            while True:\n                pass\n        except BaseException:\n            pass',
      10,
    );
    const lost = sandbox.stats().workersLost;
    const { results } = await sandbox.run(swallowing, { lane: 'scoring', stopAfterTimeouts: 1 });
    expect(results.map((result) => result.error)).toEqual(['Time limit exceeded', ...Array(9).fill(NOT_RUN_TIME_LIMIT)]);
    // Killed at its case's limit (it ignores the interrupt), not after all ten cases' worth of wall clock.
    expect(sandbox.stats().workersLost).toBe(lost + 1);
    expect(verdicts((await sandbox.run(ECHO)).results)).toEqual([{ passed: true, actual: 0, display: { actual: '0', expected: '0' } }]);
  });

  it('stops a plain Python loop at its first timeout without losing the worker', async () => {
    const lost = sandbox.stats().workersLost;
    const { results } = await sandbox.run(python('def f(x):\n    while True:\n        pass', 10), { lane: 'scoring', stopAfterTimeouts: 1 });
    expect(results.map((result) => result.error)).toEqual(['Time limit exceeded', ...Array(9).fill(NOT_RUN_TIME_LIMIT)]);
    expect(sandbox.stats().workersLost).toBe(lost);
  });

  it('cancels a running loop by interrupting it: the interpreter is reset and serves the next run', async () => {
    const lost = sandbox.stats().workersLost;
    const resets = sandbox.stats().pythonResets;
    const controller = new AbortController();
    let started = false;
    const loop = sandbox.run(python('def f(x):\n    while True:\n        pass', 3), {
      signal: controller.signal,
      onQueue: (position) => (started ||= position.ahead === 0 && position.etaMs === 0),
    });
    // Started (ahead 0) once a worker took it; then looping for a while before the cancel.
    while (!started) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    await expect(loop).rejects.toBeInstanceOf(SandboxCancelledError);
    expect(verdicts((await sandbox.run(ECHO)).results)).toEqual([{ passed: true, actual: 0, display: { actual: '0', expected: '0' } }]);
    expect(sandbox.stats().workersLost).toBe(lost);
    expect(sandbox.stats().pythonResets).toBeGreaterThanOrEqual(resets + 2);
  });
});
