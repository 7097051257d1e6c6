import { describe, expect, it } from 'vitest';
import { Sandbox, SandboxBusyError } from '../src/index.js';
import type { RunRequest } from '../src/index.js';
import { ADD, settled, threadCount, waitFor, verdicts } from './helpers.js';

const addCase = (a: number, b: number) => ({ args: [a, b], expected: a + b });
const looping: RunRequest = { code: 'function add() { while (true) {} }', functionName: 'add', cases: [addCase(1, 1)] };
const honest = (i: number): RunRequest => ({ code: ADD, functionName: 'add', cases: [addCase(i, 1)] });
const owner = (candidate: string) => ({ candidate, address: candidate });

describe('Sandbox lanes: one pool, shared fairly', () => {
  it('runs both lanes on the same `workers` threads', async () => {
    const before = threadCount();
    const sandbox = new Sandbox({ workers: 2, limits: { cpuMsPerCase: 2000 } });
    try {
      const loops = [sandbox.run(looping, { owner: owner('a') }), sandbox.run(looping, { lane: 'scoring', owner: owner('b') })].map(settled);
      await waitFor(() => threadCount() >= before + 2, 5000);
      // Give a third thread (a scoring lane of its own) every chance to appear before counting.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(threadCount()).toBe(before + 2);
      expect(await Promise.all(loops)).toEqual(['resolved', 'resolved']);
    } finally {
      await sandbox.close();
    }
  });

  it('answers an honest candidate while ten others keep looping: not refused, and ahead of the loops waiting', async () => {
    const sandbox = new Sandbox({ workers: 2, limits: { cpuMsPerCase: 1000 } });
    try {
      const loopAll = () => Promise.all(Array.from({ length: 10 }, (_, i) => sandbox.run(looping, { owner: owner(`looper ${i}`) })));
      // Their first runs are like anyone's: nothing tells a loop from an honest run before it ran.
      const first = await loopAll();
      first.forEach((loop) => expect(verdicts(loop.results)).toEqual([{ passed: false, error: 'Time limit exceeded' }]));
      let loopsSettled = 0;
      const again = loopAll().finally(() => (loopsSettled = 10));
      const outcome = await sandbox.run(honest(1), { owner: owner('honest') });
      expect(verdicts(outcome.results)).toEqual([{ passed: true, actual: 2 }]);
      // Pressed again, each loop carries what its first run cost: the honest run waits for a worker to come free
      // (the two loops running), not behind the eight waiting.
      expect(loopsSettled).toBe(0);
      expect(sandbox.waiting()).toBeGreaterThanOrEqual(6);
      await again;
    } finally {
      await sandbox.close();
    }
  });

  it('scores while candidates loop, and serves candidates while scoring loops: each lane gets its turns', async () => {
    const sandbox = new Sandbox({ workers: 1, limits: { cpuMsPerCase: 1000 } });
    try {
      let loopsSettled = 0;
      const loops = ['a', 'b', 'c'].map((name) => sandbox.run(looping, { owner: owner(name) }).finally(() => (loopsSettled += 1)));
      const scored = await Promise.all([1, 2, 3].map((i) => sandbox.run(honest(i), { lane: 'scoring', owner: owner(`attempt ${i}`) })));
      scored.forEach((outcome, i) => expect(verdicts(outcome.results)).toEqual([{ passed: true, actual: i + 2 }]));
      // At most the loop that held the worker when scoring came: not the two waiting behind it.
      expect(loopsSettled).toBeLessThanOrEqual(1);
      await Promise.all(loops);

      let scoringSettled = 0;
      const backlog = ['x', 'y', 'z'].map((name) => sandbox.run(looping, { lane: 'scoring', owner: owner(name) }).finally(() => (scoringSettled += 1)));
      expect(verdicts((await sandbox.run(honest(7), { owner: owner('d') })).results)).toEqual([{ passed: true, actual: 8 }]);
      // The candidate lane's last run (a one-second loop) counts against it: scoring gets about as long first, one
      // loop or two, never the whole backlog.
      expect(scoringSettled).toBeLessThanOrEqual(2);
      await Promise.all(backlog);
    } finally {
      await sandbox.close();
    }
  });

  it('queues scoring without bound: it is never refused', async () => {
    const sandbox = new Sandbox({ workers: 1, maxQueued: 0 });
    try {
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => sandbox.run(honest(i), { lane: 'scoring' })));
      outcomes.forEach((outcome, i) => expect(verdicts(outcome.results)).toEqual([{ passed: true, actual: i + 1 }]));
    } finally {
      await sandbox.close();
    }
  });

  it('puts runs without a lane in the bounded candidate lane, refused past the bound with a retry time', async () => {
    const sandbox = new Sandbox({ workers: 1, maxQueued: 0, limits: { cpuMsPerCase: 2000 } });
    try {
      await sandbox.run(honest(0)); // the worker is up, so the loop starts at once
      const loop = sandbox.run(looping);
      const refused = await sandbox.run(honest(1)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(SandboxBusyError);
      expect((refused as SandboxBusyError).retryAfterMs).toBeGreaterThanOrEqual(1000);
      expect((refused as SandboxBusyError).message).toMatch(/^The sandbox is busy: retry in \d+ s$/);
      expect(sandbox.stats().runsRefused).toBe(1);
      await loop;
      expect(verdicts((await sandbox.run(honest(1))).results)).toEqual([{ passed: true, actual: 2 }]);
    } finally {
      await sandbox.close();
    }
  });

  it('refuses an unknown lane and a malformed owner as malformed requests', async () => {
    const sandbox = new Sandbox();
    try {
      await expect(sandbox.run(honest(1), { lane: 'express' as 'scoring' })).rejects.toThrow(TypeError);
      await expect(sandbox.run(honest(1), { owner: { candidate: 7 as unknown as string } })).rejects.toThrow(TypeError);
      await expect(sandbox.run(honest(1), { stopAfterTimeouts: 0 })).rejects.toThrow(RangeError);
    } finally {
      await sandbox.close();
    }
  });

  it('close() ends the threads and rejects what runs and what waits, of both lanes', async () => {
    const before = threadCount();
    const sandbox = new Sandbox({ workers: 1 });
    const candidate = settled(sandbox.run(looping));
    const scoring = settled(sandbox.run(looping, { lane: 'scoring' }));
    await waitFor(() => threadCount() >= before + 1, 5000);
    await sandbox.close();
    expect(await Promise.all([candidate, scoring])).toEqual(['rejected: Sandbox is closed', 'rejected: Sandbox is closed']);
    expect(await waitFor(() => threadCount() <= before, 5000)).toBe(true);
    await expect(sandbox.run(honest(1), { lane: 'scoring' })).rejects.toThrow('Sandbox is closed');
  });

  it('validates the pool options', () => {
    expect(() => new Sandbox({ workers: 0 })).toThrow(RangeError);
    expect(() => new Sandbox({ maxQueued: -1 })).toThrow(RangeError);
    expect(() => new Sandbox({ maxQueued: 1.5 })).toThrow(RangeError);
    expect(() => new Sandbox({ maxWaitMs: -1 })).toThrow(RangeError);
    expect(() => new Sandbox({ laneWeights: { scoring: 0 } })).toThrow(RangeError);
    expect(() => new Sandbox({ workers: 2, maxQueued: 0, scoringWorkers: 3, laneWeights: { candidate: 3, scoring: 1 } })).not.toThrow();
  });
});
