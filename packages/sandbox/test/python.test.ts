import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../src/index.js';
import { PYTHON_START_MS, runPython, verdict, verdicts } from './helpers.js';

const sandbox = new Sandbox({ workers: 1, prewarm: ['python'] });
beforeAll(() => runPython(sandbox, 'def f():\n    return 1', [], 1), PYTHON_START_MS);
afterAll(() => sandbox.close());

describe('Python: judging answers', () => {
  it('passes the JSON arguments as Python values and compares the return value as JSON', async () => {
    const { results } = await sandbox.run({
      language: 'python',
      code: [
        'def f(numbers, options, flag, nothing):',
        '    assert isinstance(numbers, list) and isinstance(options, dict)',
        '    assert flag is True and nothing is None',
        '    return (sum(numbers), {"b": options["a"] * 2.0, "a": sorted(options)})',
      ].join('\n'),
      functionName: 'f',
      cases: [
        // A tuple is a JSON array; 4.0 is the JSON number 4; key order does not matter.
        { args: [[1, 2, 3], { a: 2 }, true, null], expected: [6, { a: ['a'], b: 4 }] },
        { args: [[1], { a: 1 }, true, null], expected: [1, { a: ['a'], b: 3 }] },
      ],
    });
    // `display`: how Python writes both values (the actual one as the candidate's code returned it, JSON round-tripped).
    expect(verdicts(results)).toEqual([
      { passed: true, actual: [6, { a: ['a'], b: 4 }], display: { actual: "[6, {'b': 4.0, 'a': ['a']}]", expected: "[6, {'a': ['a'], 'b': 4}]" } },
      { passed: false, actual: [1, { a: ['a'], b: 2 }], display: { actual: "[1, {'b': 2.0, 'a': ['a']}]", expected: "[1, {'a': ['a'], 'b': 3}]" } },
    ]);
  });

  it('treats None as JSON null, and booleans as booleans, not numbers', async () => {
    const { results } = await sandbox.run({
      language: 'python',
      code: 'def f(kind):\n    if kind == "none":\n        return\n    return kind == "true"',
      functionName: 'f',
      cases: [
        { args: ['none'], expected: null },
        { args: ['true'], expected: true },
        { args: ['true'], expected: 1 },
      ],
    });
    expect(results.map((r) => r.passed)).toEqual([true, true, false]);
  });

  it('refuses return values that are not JSON: non-string keys, NaN, sets, objects', async () => {
    const code = [
      'import math',
      'def f(kind):',
      '    return {"keys": {1: "a"}, "nan": math.nan, "inf": [math.inf], "set": {1, 2}, "object": object()}[kind]',
    ].join('\n');
    const kinds = ['keys', 'nan', 'inf', 'set', 'object'];
    const { results } = await sandbox.run({ language: 'python', code, functionName: 'f', cases: kinds.map((kind) => ({ args: [kind], expected: null })) });
    expect(results.map((r) => r.error)).toEqual([
      'The return value is not JSON-serializable: TypeError: dict keys must be strings, got int 1',
      expect.stringMatching(/^The return value is not JSON-serializable: ValueError: Out of range float values are not JSON compliant/),
      expect.stringMatching(/^The return value is not JSON-serializable: ValueError: Out of range float/),
      'The return value is not JSON-serializable: TypeError: Object of type set is not JSON serializable',
      'The return value is not JSON-serializable: TypeError: Object of type object is not JSON serializable',
    ]);
  });

  it('keeps what print writes per case, cut at 4 KiB', async () => {
    const { results } = await sandbox.run({
      language: 'python',
      code: 'import sys\nprint("loaded")\ndef f(n):\n    print("n is", n, [n])\n    print("to stderr", file=sys.stderr)\n    if n > 1:\n        for _ in range(1000):\n            print("é" * 1000)\n    return n',
      functionName: 'f',
      cases: [
        { args: [1], expected: 1 },
        { args: [2], expected: 2 },
      ],
    });
    expect(verdict(results[0])).toEqual({ passed: true, actual: 1, output: 'loaded\nn is 1 [1]\nto stderr\n', display: { actual: '1', expected: '1' } });
    expect(results[1]?.passed).toBe(true);
    // 4096 bytes of UTF-8: two-byte characters are never split.
    expect(results[1]?.output).toMatch(/^loaded\nn is 2 \[2\]\nto stderr\n(é{1000}\n)*é*\n\[output cut at 4096 bytes\]$/);
    expect(Buffer.byteLength(results[1]?.output ?? '')).toBeLessThanOrEqual(4096 + '\n[output cut at 4096 bytes]'.length);
  });

  it('reports syntax errors with their line and column in the candidate code', async () => {
    const result = await runPython(sandbox, 'def f():\n    x = (1 +\n    return x');
    expect(result.passed).toBe(false);
    expect(result.error).toMatch(/^SyntaxError: /);
    expect(result.error).not.toContain('solution.py');
    expect(result.errorLocation?.line).toBe(2);
  });

  it('reports runtime errors at the innermost line of the candidate code, with the column', async () => {
    const code = 'def helper(d):\n    return d["missing"]\n\ndef f():\n    value = 1\n    return helper({})';
    expect(await runPython(sandbox, code)).toMatchObject({ passed: false, error: "KeyError: 'missing'", errorLocation: { line: 2, column: 12 } });
    const zero = 'def f(n):\n    café = "é"\n    return café + str(1 / n)';
    expect(await runPython(sandbox, zero, [0])).toMatchObject({
      passed: false,
      error: 'ZeroDivisionError: division by zero',
      errorLocation: { line: 3, column: 23 },
    });
  });

  it('gives the whole traceback of a runtime error: every frame of the candidate code, none of the harness', async () => {
    const code = 'def helper(d):\n    return d["missing"]\n\ndef f():\n    value = 1\n    return helper({})';
    expect((await runPython(sandbox, code)).traceback).toBe(
      [
        'Traceback (most recent call last):',
        '  File "solution.py", line 6, in f',
        '    return helper({})',
        '  File "solution.py", line 2, in helper',
        '    return d["missing"]',
        '           ~^^^^^^^^^^^',
        "KeyError: 'missing'",
      ].join('\n'),
    );
    const chained =
      'import json\ndef f():\n    try:\n        return json.loads("{")\n    except ValueError as error:\n        raise RuntimeError("bad input") from error';
    const trace = (await runPython(sandbox, chained)).traceback ?? '';
    expect(trace).toMatch(/^Traceback \(most recent call last\):\n {2}File "solution.py", line 4, in f\n/);
    expect(trace).toContain('json/decoder.py');
    expect(trace).toContain('The above exception was the direct cause of the following exception:');
    expect(trace).toMatch(/ {2}File "solution.py", line 6, in f\n {4}raise RuntimeError\("bad input"\) from error\nRuntimeError: bad input$/);
    expect(trace).not.toMatch(/<exec>|run_case|_assay/);
    const syntax = (await runPython(sandbox, 'def f():\n    return (1 +')).traceback;
    expect(syntax).toMatch(/^ {2}File "solution.py", line 2\n {4}return \(1 \+\n {11}\^\nSyntaxError: '\(' was never closed$/);
  });

  it('writes the values as Python does for Python candidates (None, True, quotes), next to the JSON ones', async () => {
    const { results } = await sandbox.run({
      language: 'python',
      code: 'def f(kind):\n    return {"none": None, "bool": [True, False], "text": "it\'s", "float": 2.5e-7, "nested": {"k": (1, "x")}}[kind]',
      functionName: 'f',
      cases: [
        { args: ['none'], expected: null },
        { args: ['bool'], expected: [true, true] },
        { args: ['text'], expected: 'its' },
        { args: ['float'], expected: 0.00001 },
        { args: ['nested'], expected: { k: [1, 'x'] } },
      ],
    });
    expect(results.map((result) => [result.passed, result.actual, result.display])).toEqual([
      [true, null, { actual: 'None', expected: 'None' }],
      [false, [true, false], { actual: '[True, False]', expected: '[True, True]' }],
      [false, "it's", { actual: '"it\'s"', expected: "'its'" }],
      [false, 2.5e-7, { actual: '2.5e-07', expected: '1e-05' }],
      [true, { k: [1, 'x'] }, { actual: "{'k': [1, 'x']}", expected: "{'k': [1, 'x']}" }],
    ]);
    const failed = await runPython(sandbox, 'def f():\n    raise ValueError("no")', [], { a: null });
    expect(failed.display).toEqual({ expected: "{'a': None}" });
  });

  it('sleeps and runs coroutines: time.sleep waits, asyncio.run works (no browser event loop needed)', async () => {
    const code = [
      'import asyncio, time',
      'async def tick(n):',
      '    await asyncio.sleep(0.05)',
      '    return n',
      'async def main():',
      '    return await asyncio.gather(tick(1), tick(2))',
      'def f():',
      '    started = time.monotonic()',
      '    time.sleep(0.3)',
      '    slept = time.monotonic() - started',
      '    return [slept >= 0.3, asyncio.run(main()), asyncio.run(tick(3))]',
    ].join('\n');
    expect(await runPython(sandbox, code, [], [true, [1, 2], 3])).toMatchObject({ passed: true });
    const invalid = await runPython(sandbox, 'import time\ndef f():\n    time.sleep(-1)');
    expect(invalid.error).toBe('ValueError: sleep length must be non-negative');
  });

  it('explains a missing function', async () => {
    expect(await runPython(sandbox, 'def g():\n    return 1\nf = 3')).toMatchObject({
      passed: false,
      error: 'NameError: function f is not defined (the code must define a function named f)',
    });
  });

  it('runs the code afresh for every case: module globals do not carry over', async () => {
    const { results } = await sandbox.run({
      language: 'python',
      code: 'calls = []\ndef f(n):\n    calls.append(n)\n    return len(calls)',
      functionName: 'f',
      cases: [
        { args: [1], expected: 1 },
        { args: [2], expected: 1 },
        { args: [3], expected: 1 },
      ],
    });
    expect(results.map((r) => r.passed)).toEqual([true, true, true]);
  });

  it('has the standard library: collections, itertools, heapq, functools, re, math, dataclasses', async () => {
    const code = [
      'import collections, itertools, heapq, functools, re, math, dataclasses, bisect, typing',
      '@functools.lru_cache(None)',
      'def fib(n): return n if n < 2 else fib(n - 1) + fib(n - 2)',
      'def f(words):',
      '    counts = collections.Counter(words)',
      '    return [counts.most_common(1)[0][0], heapq.nsmallest(2, words), fib(80), len(list(itertools.permutations(range(4)))), re.sub(r"\\d", "#", "a1b2")]',
    ].join('\n');
    // biome-ignore lint/correctness/noPrecisionLoss: fib(80) is past 2^53 on purpose: Python's int arrives as the nearest JSON number
    expect(await runPython(sandbox, code, [['b', 'a', 'b']], ['b', ['a', 'b'], 23416728348467685, 24, 'a#b#'])).toMatchObject({
      passed: true,
      // biome-ignore lint/correctness/noPrecisionLoss: as above
      actual: ['b', ['a', 'b'], 23416728348467685, 24, 'a#b#'],
    });
  });

  it('reports the time of each case', async () => {
    const { results } = await sandbox.run({
      language: 'python',
      code: 'def f(n):\n    total = 0\n    for i in range(n):\n        total += i\n    return total',
      functionName: 'f',
      cases: [
        { args: [10], expected: 45 },
        { args: [300000], expected: 44999850000 },
      ],
    });
    expect(results.map((r) => r.passed)).toEqual([true, true]);
    for (const result of results) expect(result.timeMs).toBeGreaterThanOrEqual(0);
    expect(results[1]!.timeMs!).toBeGreaterThan(results[0]!.timeMs!);
  });
});
