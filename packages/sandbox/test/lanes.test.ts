import { describe, expect, it } from 'vitest';
import { Sandbox, SandboxBusyError } from '../src/index.js';
import type { RunRequest } from '../src/index.js';
import { ADD, settled, threadCount, waitFor, verdicts } from './helpers.js';

const addCase = (a: number, b: number) => ({ args: [a, b], expected: a + b });
const looping: RunRequest = { code: 'function add() { while (true) {} }', functionName: 'add', cases: [addCase(1, 1)] };
const honest = (i: number): RunRequest => ({ code: ADD, functionName: 'add', cases: [addCase(i, 1)] });

describe('Sandbox lanes', () => {
  it('scores while the candidate lane is saturated with loops, and refuses candidate runs beyond its queue', async () => {
    const sandbox = new Sandbox({ workers: 1, maxQueued: 1, scoringWorkers: 1, limits: { cpuMsPerCase: 3000 } });
    try {
      let candidateRunsSettled = 0;
      const flood = [sandbox.run(looping), sandbox.run(looping, { lane: 'candidate' })].map((run) => run.finally(() => (candidateRunsSettled += 1)));
      await expect(sandbox.run(honest(0))).rejects.toBeInstanceOf(SandboxBusyError);

      const scored = await Promise.all([1, 2, 3].map((i) => sandbox.run(honest(i), { lane: 'scoring' })));
      // The loops hold the candidate worker for 3 s each: scoring finishing first means it did not wait behind them.
      expect(candidateRunsSettled).toBe(0);
      scored.forEach((outcome, i) => expect(verdicts(outcome.results)).toEqual([{ passed: true, actual: i + 2 }]));

      const outcomes = await Promise.all(flood);
      outcomes.forEach((outcome) => expect(verdicts(outcome.results)).toEqual([{ passed: false, error: 'Time limit exceeded' }]));
      expect(verdicts((await sandbox.run(honest(7))).results)).toEqual([{ passed: true, actual: 8 }]);
    } finally {
      await sandbox.close();
    }
  });

  it('queues scoring without bound: it is never refused', async () => {
    const sandbox = new Sandbox({ workers: 1, maxQueued: 0, scoringWorkers: 1 });
    try {
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => sandbox.run(honest(i), { lane: 'scoring' })));
      outcomes.forEach((outcome, i) => expect(verdicts(outcome.results)).toEqual([{ passed: true, actual: i + 1 }]));
    } finally {
      await sandbox.close();
    }
  });

  it('puts runs without a lane in the bounded candidate lane', async () => {
    const sandbox = new Sandbox({ workers: 1, maxQueued: 0, limits: { cpuMsPerCase: 2000 } });
    try {
      const loop = sandbox.run(looping, { lane: 'candidate' });
      const refused = await sandbox.run(honest(1)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(SandboxBusyError);
      expect((refused as SandboxBusyError).retryAfterMs).toBeLessThanOrEqual(2000 + 2000);
      expect((refused as SandboxBusyError).message).toMatch(/^The sandbox is busy: retry in \d+ s$/);
      await loop;
      expect(verdicts((await sandbox.run(honest(1))).results)).toEqual([{ passed: true, actual: 2 }]);
    } finally {
      await sandbox.close();
    }
  });

  it('refuses an unknown lane as a malformed request', async () => {
    const sandbox = new Sandbox();
    try {
      await expect(sandbox.run(honest(1), { lane: 'express' as 'scoring' })).rejects.toThrow(TypeError);
    } finally {
      await sandbox.close();
    }
  });

  it('close() ends the threads of both lanes and rejects what they were running', async () => {
    const before = threadCount();
    const sandbox = new Sandbox({ workers: 1, scoringWorkers: 1 });
    const candidate = settled(sandbox.run(looping));
    const scoring = settled(sandbox.run(looping, { lane: 'scoring' }));
    await waitFor(() => threadCount() >= before + 2, 5000);
    await sandbox.close();
    expect(await Promise.all([candidate, scoring])).toEqual(['rejected: Sandbox is closed', 'rejected: Sandbox is closed']);
    expect(await waitFor(() => threadCount() <= before, 5000)).toBe(true);
    await expect(sandbox.run(honest(1), { lane: 'scoring' })).rejects.toThrow('Sandbox is closed');
  });

  it('validates the lane sizes', () => {
    expect(() => new Sandbox({ scoringWorkers: 0 })).toThrow(RangeError);
    expect(() => new Sandbox({ maxQueued: -1 })).toThrow(RangeError);
    expect(() => new Sandbox({ maxQueued: 1.5 })).toThrow(RangeError);
    expect(() => new Sandbox({ workers: 2, maxQueued: 0, scoringWorkers: 3 })).not.toThrow();
  });
});
