import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CPU_MS_PER_CASE, Sandbox, WALL_CLOCK_SLACK_MS as DEFAULT_SLACK } from '../src/index.js';
import { ADD, threadCount, timed, waitFor, WALL_CLOCK_SLACK_MS, verdict, verdicts } from './helpers.js';

const sandbox = new Sandbox();
afterAll(() => sandbox.close());

/** The default wall clock of a run with `cases` cases. */
const defaultWallClock = (cases: number) => DEFAULT_CPU_MS_PER_CASE * cases + DEFAULT_SLACK;

describe('time limit', () => {
  it('stops an infinite loop within the wall clock', async () => {
    const { outcome, ms } = await timed(sandbox, {
      code: 'function spin() { while (true) {} }',
      functionName: 'spin',
      cases: [{ args: [], expected: 1 }],
    });
    console.info(`infinite loop: ${Math.round(ms)} ms`);
    expect(verdicts(outcome.results)).toEqual([{ passed: false, error: 'Time limit exceeded' }]);
    expect(ms).toBeLessThan(defaultWallClock(1) + WALL_CLOCK_SLACK_MS);
  });

  it('charges the CPU budget per case, so other cases still pass', async () => {
    const { outcome } = await timed(sandbox, {
      code: 'function f(n) { if (n < 0) for (;;) {} return n; }',
      functionName: 'f',
      cases: [
        { args: [1], expected: 1 },
        { args: [-1], expected: -1 },
        { args: [2], expected: 2 },
      ],
    });
    expect(verdicts(outcome.results)).toEqual([
      { passed: true, actual: 1 },
      { passed: false, error: 'Time limit exceeded' },
      { passed: true, actual: 2 },
    ]);
  });

  it('kills the worker when native work ignores the interrupt deadline', async () => {
    const threadsBefore = threadCount();
    const limited = new Sandbox({ workers: 1, limits: { cpuMsPerCase: 500, wallClockMs: 2500 } });
    try {
      // JSON.stringify of a deeply nested array is quadratic native code: QuickJS never polls the interrupt
      // handler inside it, so only the wall-clock kill ends it.
      const code = `function nest() {
        const root = []; let cur = root;
        for (let i = 0; i < 100000; i++) { const next = []; cur.push(next); cur = next; }
        return JSON.stringify(root).length;
      }`;
      const { outcome, ms } = await timed(limited, {
        code,
        functionName: 'nest',
        cases: [
          { args: [], expected: 0 },
          { args: [], expected: 0 },
        ],
      });
      console.info(`uninterruptible native work: ${Math.round(ms)} ms`);
      expect(verdicts(outcome.results)).toEqual([
        { passed: false, error: 'Time limit exceeded' },
        { passed: false, error: 'Time limit exceeded' },
      ]);
      expect(ms).toBeGreaterThanOrEqual(2400);
      expect(ms).toBeLessThan(2500 + WALL_CLOCK_SLACK_MS);
      // terminate() really ended the thread that was stuck inside WASM (nothing was queued, so no replacement yet).
      expect(await waitFor(() => threadCount() <= threadsBefore, 5000)).toBe(true);
      // A new worker serves the next run.
      expect(verdicts((await limited.run({ code: ADD, functionName: 'add', cases: [{ args: [1, 1], expected: 2 }] })).results)).toEqual([
        { passed: true, actual: 2 },
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('memory limit', () => {
  it('fails a string memory bomb quickly without hurting the host', async () => {
    const before = process.memoryUsage().rss;
    const { outcome, ms } = await timed(sandbox, {
      code: "function bomb() { let a = []; while (true) a.push('x'.repeat(1e6)); }",
      functionName: 'bomb',
      cases: [{ args: [], expected: 0 }],
    });
    console.info(`memory bomb: ${Math.round(ms)} ms`);
    expect(verdicts(outcome.results)).toEqual([{ passed: false, error: 'Memory limit exceeded' }]);
    expect(ms).toBeLessThan(defaultWallClock(1) + WALL_CLOCK_SLACK_MS);
    // The WASM memory of a run is capped at 16 MiB + 2 x 32 MiB; it must not approach the 2 GiB it reaches uncapped.
    expect(process.memoryUsage().rss - before).toBeLessThan(512 * 1024 * 1024);
  });

  it('fails an object memory bomb and keeps judging the following cases', async () => {
    const { outcome } = await timed(sandbox, {
      code: 'function f(n) { if (n) { const a = []; for (;;) a.push({ n: [n, n, n] }); } return 0; }',
      functionName: 'f',
      cases: [
        { args: [1], expected: 0 },
        { args: [0], expected: 0 },
      ],
    });
    expect(outcome.results[0]?.passed).toBe(false);
    expect(outcome.results[0]?.error).toMatch(/^(Memory|Time) limit exceeded$/);
    expect(verdict(outcome.results[1])).toEqual({ passed: true, actual: 0 });
  });

  it('lets an honest program use most of its memory', async () => {
    const { outcome } = await timed(sandbox, {
      code: 'function fill(n) { const a = []; for (let i = 0; i < n; i++) a.push({ i, s: "v" + i }); return a.length; }',
      functionName: 'fill',
      cases: [{ args: [100000], expected: 100000 }],
    });
    expect(verdict(outcome.results[0])).toEqual({ passed: true, actual: 100000 });
  });
});

describe('stack limit', () => {
  it('fails unbounded recursion gracefully', async () => {
    const { outcome } = await timed(sandbox, {
      code: `function down(n) { return down(n + 1) + 1; }
        function viaMap(n) { return [0].map(() => viaMap(n + 1)); }
        function viaSort(n) { return [2, 1].sort(() => { viaSort(n + 1); return 0; }); }
        function run(kind) { return kind === 'plain' ? down(0) : kind === 'map' ? viaMap(0) : viaSort(0); }`,
      functionName: 'run',
      cases: [
        { args: ['plain'], expected: 0 },
        { args: ['map'], expected: 0 },
        { args: ['sort'], expected: 0 },
      ],
    });
    for (const result of outcome.results) {
      expect(result.passed).toBe(false);
      expect(result.error).toMatch(/stack overflow|Maximum call stack size exceeded/);
    }
  });

  it('allows ordinary recursion depth', async () => {
    const { outcome } = await timed(sandbox, {
      code: 'function sum(n) { return n === 0 ? 0 : n + sum(n - 1); }',
      functionName: 'sum',
      cases: [{ args: [5000], expected: 12502500 }],
    });
    expect(verdict(outcome.results[0])).toEqual({ passed: true, actual: 12502500 });
  });
});

describe('output limit', () => {
  it('refuses a huge returned value', async () => {
    const { outcome } = await timed(sandbox, {
      code: 'function big(n, c) { return c.repeat(n); }',
      functionName: 'big',
      cases: [
        { args: [10_000_000, 'x'], expected: '' },
        { args: [60_000, 'x'], expected: 'x'.repeat(60_000) },
        // 40,000 characters but 80,000 UTF-8 bytes: refused on the host by the exact byte check.
        { args: [40_000, 'é'], expected: '' },
      ],
    });
    expect(verdict(outcome.results[0])).toEqual({
      passed: false,
      error: 'Output limit exceeded: the returned value is larger than 65536 bytes as JSON',
    });
    expect(outcome.results[1]?.passed).toBe(true);
    expect(outcome.results[2]?.error).toMatch(/^Output limit exceeded/);
  });

  it('clips huge error messages', async () => {
    const { outcome } = await timed(sandbox, {
      code: "function f() { throw new Error('e'.repeat(5_000_000)); }",
      functionName: 'f',
      cases: [{ args: [], expected: 0 }],
    });
    expect(outcome.results[0]?.error?.length).toBeLessThanOrEqual(1003);
    expect(outcome.results[0]?.error).toMatch(/^Error: eeee/);
  });
});
