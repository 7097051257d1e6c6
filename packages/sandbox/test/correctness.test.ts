import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../src/index.js';
import { ADD, verdict, verdicts } from './helpers.js';

const sandbox = new Sandbox();
afterAll(() => sandbox.close());

describe('judging answers', () => {
  it('passes every case of a correct solution, in order', async () => {
    const { results } = await sandbox.run({
      code: ADD,
      functionName: 'add',
      cases: [
        { args: [1, 2], expected: 3 },
        { args: [-5, 5], expected: 0 },
        { args: [0.5, 0.25], expected: 0.75 },
      ],
    });
    expect(verdicts(results)).toEqual([
      { passed: true, actual: 3 },
      { passed: true, actual: 0 },
      { passed: true, actual: 0.75 },
    ]);
  });

  it('fails a wrong answer and shows what the candidate returned', async () => {
    const { results } = await sandbox.run({
      code: 'function add(a, b) { return a - b; }',
      functionName: 'add',
      cases: [
        { args: [2, 2], expected: 4 },
        { args: [2, 0], expected: 2 },
      ],
    });
    expect(verdicts(results)).toEqual([
      { passed: false, actual: 0 },
      { passed: true, actual: 2 },
    ]);
  });

  it('reports an error thrown by the candidate as name: message', async () => {
    const { results } = await sandbox.run({
      code: `function parse(s) { if (s === '') throw new TypeError('empty input'); return s.length; }`,
      functionName: 'parse',
      cases: [
        { args: [''], expected: 0 },
        { args: ['abc'], expected: 3 },
      ],
    });
    expect(verdicts(results)).toEqual([
      // The position of the throwing call in the candidate's code, 1-based.
      { passed: false, error: 'TypeError: empty input', errorLocation: { line: 1, column: 54 } },
      { passed: true, actual: 3 },
    ]);
  });

  it('describes thrown non-errors', async () => {
    const { results } = await sandbox.run({
      code: 'function f(x) { throw x; }',
      functionName: 'f',
      cases: [
        { args: [42], expected: 0 },
        { args: [null], expected: 0 },
      ],
    });
    expect(results.map((r) => r.error)).toEqual(['Uncaught 42', 'Uncaught null']);
  });

  it('fails every case with the syntax error when the code does not parse', async () => {
    const { results } = await sandbox.run({
      code: 'function add(a, b) { return a + ; }',
      functionName: 'add',
      cases: [
        { args: [1, 2], expected: 3 },
        { args: [3, 4], expected: 7 },
      ],
    });
    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(result.passed).toBe(false);
      expect(result.error).toMatch(/^SyntaxError: /);
      expect(result.errorLocation).toEqual({ line: 1, column: 33 });
    }
  });

  it('reports an error thrown while the script itself runs', async () => {
    const { results } = await sandbox.run({
      code: `${ADD}\nnull.boom;`,
      functionName: 'add',
      cases: [{ args: [1, 2], expected: 3 }],
    });
    expect(verdict(results[0])).toEqual({ passed: false, error: expect.stringMatching(/^TypeError: /), errorLocation: { line: 2, column: 5 } });
  });

  it('explains a missing function', async () => {
    const { results } = await sandbox.run({
      code: 'function plus(a, b) { return a + b; }\nconst add = 3;',
      functionName: 'add',
      cases: [{ args: [1, 2], expected: 3 }],
    });
    expect(verdict(results[0])).toEqual({
      passed: false,
      error: 'ReferenceError: function add is not defined (the code must declare a function named add)',
    });
  });

  it('finds functions declared with const, let and arrow syntax', async () => {
    const { results } = await sandbox.run({
      code: 'const double = (n) => n * 2;',
      functionName: 'double',
      cases: [{ args: [21], expected: 42 }],
    });
    expect(verdict(results[0])).toEqual({ passed: true, actual: 42 });
  });

  it('compares objects ignoring key order and arrays in order', async () => {
    const code = `function group(words) {
      const out = {};
      for (const w of words) (out[w.length] ??= []).push(w);
      return { count: words.length, groups: out };
    }`;
    const { results } = await sandbox.run({
      code,
      functionName: 'group',
      cases: [
        { args: [['a', 'bb', 'c']], expected: { groups: { 2: ['bb'], 1: ['a', 'c'] }, count: 3 } },
        { args: [['a', 'c']], expected: { count: 2, groups: { 1: ['c', 'a'] } } },
        { args: [[]], expected: { count: 0, groups: {}, extra: null } },
      ],
    });
    expect(results.map((r) => r.passed)).toEqual([true, false, false]);
    expect(results[1]?.actual).toEqual({ count: 2, groups: { 1: ['a', 'c'] } });
  });

  it('passes arguments as JSON values, so the code gets real arrays and objects', async () => {
    const { results } = await sandbox.run({
      code: 'function shape(a, o) { return [Array.isArray(a), typeof o, o.nested.k, a.length]; }',
      functionName: 'shape',
      cases: [{ args: [[1, 2, 3], { nested: { k: 'v' } }], expected: [true, 'object', 'v', 3] }],
    });
    expect(results[0]?.passed).toBe(true);
  });

  it('treats undefined as equal only to undefined', async () => {
    const { results } = await sandbox.run({
      code: 'function nothing() {}',
      functionName: 'nothing',
      cases: [
        { args: [], expected: null },
        { args: [], expected: undefined },
      ],
    });
    expect(verdicts(results)).toEqual([
      { passed: false, actual: undefined },
      { passed: true, actual: undefined },
    ]);
  });

  it('serializes results with JSON.stringify inside the VM', async () => {
    const { results } = await sandbox.run({
      code: `function f(kind) {
        if (kind === 'nan') return NaN;
        if (kind === 'date') return new Date(0);
        if (kind === 'map') return new Map([[1, 2]]);
        if (kind === 'cycle') { const o = {}; o.o = o; return o; }
        return { toJSON() { return 'custom'; } };
      }`,
      functionName: 'f',
      cases: [
        { args: ['nan'], expected: null },
        { args: ['date'], expected: '1970-01-01T00:00:00.000Z' },
        { args: ['map'], expected: {} },
        { args: ['cycle'], expected: null },
        { args: ['custom'], expected: 'custom' },
      ],
    });
    expect(results.map((r) => r.passed)).toEqual([true, true, true, false, true]);
    expect(results[3]?.error).toMatch(/^The return value is not JSON-serializable: TypeError/);
  });

  it('keeps what console.log prints per case, cut at 4 KiB', async () => {
    const { results } = await sandbox.run({
      code: 'console.log("loaded");\nfunction f(n) { console.log("n is", n, { n }, [n]); if (n > 1) for (let i = 0; i < 1000; i++) console.log("x".repeat(1000)); console.error(n); return n; }',
      functionName: 'f',
      cases: [
        { args: [1], expected: 1 },
        { args: [7], expected: 7 },
      ],
    });
    expect(verdict(results[0])).toEqual({ passed: true, actual: 1, output: 'loaded\nn is 1 {"n":1} [1]\n1\n' });
    expect(results[1]?.passed).toBe(true);
    expect(results[1]?.output).toMatch(/^loaded\nn is 7 \{"n":7\} \[7\]\n(x{1000}\n)+x+\n\[output cut at 4096 bytes\]$/);
    expect(Buffer.byteLength(results[1]?.output ?? '')).toBeLessThan(4096 + 40);
  });

  it('starts every case from a fresh VM', async () => {
    const { results } = await sandbox.run({
      code: 'let calls = 0; function count() { calls += 1; globalThis.seen = (globalThis.seen ?? 0) + 1; return [calls, seen]; }',
      functionName: 'count',
      cases: [
        { args: [], expected: [1, 1] },
        { args: [], expected: [1, 1] },
      ],
    });
    expect(results.map((r) => r.passed)).toEqual([true, true]);
  });

  it('returns no results for no cases', async () => {
    expect(await sandbox.run({ code: ADD, functionName: 'add', cases: [] })).toEqual({ results: [] });
  });

  it('rejects malformed requests before running anything', async () => {
    await expect(sandbox.run({ code: ADD, functionName: 'add; process', cases: [] })).rejects.toThrow(TypeError);
    await expect(sandbox.run({ code: ADD, functionName: 'add', cases: [{ args: 1 as never, expected: 1 }] })).rejects.toThrow(/args must be an array/);
    await expect(sandbox.run({ code: ADD, functionName: 'add', cases: [{ args: [10n], expected: 1 }] })).rejects.toThrow(/not JSON-serializable/);
  });
});
