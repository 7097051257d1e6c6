import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../src/index.js';
import { PYTHON_START_MS, runPython } from './helpers.js';

/**
 * Every run of a candidate's code draws fresh random numbers (issue 48 item 5, decision 640). The interpreters are
 * put back to one snapshot after each run, the random generator's state with it: two runs, or two candidates, must
 * still not see the same sequence.
 */
const sandbox = new Sandbox({ workers: 1, prewarm: ['python'] });
beforeAll(() => runPython(sandbox, 'def f():\n    return 1', [], 1), PYTHON_START_MS);
afterAll(() => sandbox.close());

const CODE = {
  python: 'import random\ndef f():\n    print(random.random())\n    return [random.random(), random.randrange(10**9)]',
  javascript: 'function f() { console.log(Math.random()); return [Math.random(), Math.floor(Math.random() * 1e9)]; }',
  typescript: 'function f(): number[] { console.log(Math.random()); return [Math.random(), Math.floor(Math.random() * 1e9)]; }',
} as const;

/** What one run drew: its printed line and its returned numbers. */
const draw = async (on: Sandbox, language: keyof typeof CODE): Promise<string> => {
  const { results } = await on.run({ language, code: CODE[language], functionName: 'f', cases: [{ args: [], expected: null }] });
  const [result] = results;
  expect(result?.error).toBeUndefined();
  return `${result?.output?.trim()} ${JSON.stringify(result?.actual)}`;
};

describe.each(['python', 'javascript', 'typescript'] as const)('%s: random numbers are fresh in every run', (language) => {
  it('two runs on the same worker print and return different numbers', async () => {
    const runs = [await draw(sandbox, language), await draw(sandbox, language), await draw(sandbox, language)];
    expect(runs.every((run) => /^0\.\d+ \[0\.\d+,\d+\]$/.test(run))).toBe(true);
    expect(new Set(runs).size).toBe(runs.length);
  });

  it(
    'two candidates on two fresh workers draw different numbers',
    async () => {
      const fresh = [new Sandbox({ workers: 1 }), new Sandbox({ workers: 1 })];
      try {
        const runs = await Promise.all(fresh.map((sandbox) => draw(sandbox, language)));
        expect(runs[0]).not.toBe(runs[1]);
      } finally {
        await Promise.all(fresh.map((sandbox) => sandbox.close()));
      }
    },
    PYTHON_START_MS,
  );
});

describe("QuickJS's Math.random follows the host's entropy, not the clock (decision 987)", () => {
  it('the same seed draws the same numbers in two contexts made at different times, another seed others', async () => {
    const { getQuickJS } = await import('quickjs-emscripten');
    const { harnessSource } = await import('../src/vm-harness.js');
    const quickjs = await getQuickJS();
    const drawWith = async (seed: number[]): Promise<unknown> => {
      const context = quickjs.newContext();
      try {
        context.unwrapResult(context.evalCode(harnessSource(1000, seed))).dispose();
        const drawn = context.unwrapResult(context.evalCode('[Math.random(), Math.random(), Math.random()]'));
        const numbers = context.dump(drawn);
        drawn.dispose();
        return numbers;
      } finally {
        context.dispose();
      }
    };
    const first = await drawWith([1, 2, 3, 4]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await drawWith([1, 2, 3, 4])).toEqual(first);
    expect(await drawWith([5, 6, 7, 8])).not.toEqual(first);
    expect((first as number[]).every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
