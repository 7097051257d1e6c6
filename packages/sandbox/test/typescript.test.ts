import { afterAll, describe, expect, it } from 'vitest';
import { MEMORY_LIMIT_EXCEEDED, Sandbox, TIME_LIMIT_EXCEEDED } from '../src/index.js';
import { blankExports } from '../src/typescript.js';
import { timed, verdict, WALL_CLOCK_SLACK_MS } from './helpers.js';

/**
 * TypeScript runs in QuickJS once the worker has stripped its types, so it has JavaScript's guarantees; what is
 * its own is the transpile, which runs in the worker under the run's wall clock and must never hold the host.
 */
const sandbox = new Sandbox({ workers: 1, maxQueued: 20, limits: { cpuMsPerCase: 1000 } });
afterAll(() => sandbox.close());

const runTs = async (code: string, args: unknown[] = [], expected: unknown = '\u0000never') => {
  const { results } = await sandbox.run({ language: 'typescript', code, functionName: 'f', cases: [{ args, expected }] });
  if (!results[0]) throw new Error('no result');
  return results[0];
};

describe('TypeScript: judging answers', () => {
  it('runs typed code, and a type error is not a failure', async () => {
    const code = 'interface Point { x: number }\nfunction f(p: Point, n: number): number {\n  const wrong: string = 5 as any;\n  return p.x + n;\n}';
    expect(verdict(await runTs(code, [{ x: 2 }, 3], 5))).toEqual({ passed: true, actual: 5 });
    expect((await runTs('function f(): string {\n  const x: string = 5;\n  return x;\n}', [], 5)).passed).toBe(true);
  });

  it('supports enums, generics, classes with parameter properties and `export` before the function', async () => {
    const code = [
      'enum Color { Red = 1, Green }',
      'class Box<T> { constructor(private readonly value: T) {} get(): T { return this.value; } }',
      'export function f<T extends number>(n: T): number[] {',
      '  return [Color.Green, new Box<number>(n).get()];',
      '}',
    ].join('\n');
    expect(verdict(await runTs(code, [7], [2, 7]))).toEqual({ passed: true, actual: [2, 7] });
    expect((await runTs('export default function f(): number {\n  return 1;\n}', [], 1)).passed).toBe(true);
    const { results } = await sandbox.run({ code: 'export const f = (a, b) => a + b;', functionName: 'f', cases: [{ args: [1, 2], expected: 3 }] });
    expect(results[0]?.passed).toBe(true);
  });

  it('reports a syntax error with its line and column in the TypeScript, and runs nothing', async () => {
    expect(verdict(await runTs('function f(): number {\n  return 1 +;\n}'))).toEqual({
      passed: false,
      error: 'SyntaxError: Unexpected token',
      errorLocation: { line: 2, column: 13 },
    });
  });

  it('reports runtime errors at their line and column in the TypeScript, not in the emitted JavaScript', async () => {
    const code =
      'type Deep = { a?: { b: number } };\nfunction f(input: Deep): number {\n  const typed: Record<string, number> = {};\n  return input.a!.b + typed.x;\n}';
    const result = await runTs(code, [{}]);
    expect(result.error).toMatch(/^TypeError: /);
    expect(result.errorLocation).toEqual({ line: 4, column: 17 });
  });

  it('refuses namespaces, which would otherwise vanish silently', async () => {
    expect(verdict(await runTs('namespace Util {\n  export const one = 1;\n}\nfunction f() { return Util.one; }'))).toEqual({
      passed: false,
      error: 'SyntaxError: TypeScript namespaces are not supported here: use an object or plain functions',
      errorLocation: { line: 1, column: 1 },
    });
  });
});

describe('TypeScript: the transpile is bounded', () => {
  /** Runs `code` while counting the host's timer ticks: the transpile must leave the host's event loop turning. */
  const whileTicking = async (code: string) => {
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 20);
    const { outcome, ms } = await timed(sandbox, { language: 'typescript', code, functionName: 'f', cases: [{ args: [], expected: 1 }] });
    clearInterval(ticker);
    expect(ms).toBeLessThan(1000 + 2000 + WALL_CLOCK_SLACK_MS);
    expect(ticks).toBeGreaterThan(ms / 20 / 4);
    expect((await runTs('function f(a: number): number { return a * 2; }', [21], 42)).passed).toBe(true);
    return outcome.results[0];
  };

  it('compiles 3,000 nested arrows (minutes for esbuild on the host) in time, off the host', async () => {
    const result = await whileTicking(`function f(): number { return (${'(a: number) => '.repeat(3000)}1)${'(0)'.repeat(3000)}; }`);
    expect(result?.passed).toBe(true);
  });

  it.each([
    ['100,000 nested arrows', `const f = () => ${'a => '.repeat(100_000)}1;`],
    ['500,000 nested parentheses', `function f() { return ${'('.repeat(500_000)}1${')'.repeat(500_000)}; }`],
    ['1,000,000 nested generics', `function f(): ${'Array<'.repeat(1_000_000)}number${'>'.repeat(1_000_000)} { return []; }`],
  ])('ends %s within the wall clock with a clear error, off the host', async (_label, code) => {
    const result = await whileTicking(code);
    expect(result?.passed).toBe(false);
    // Too deep for sucrase (the transpile) or for QuickJS's own parser: either way a syntax error, or the time limit.
    expect(result?.error).toMatch(/^(SyntaxError: the code is nested too deeply to compile|SyntaxError: stack overflow|Time limit exceeded)$/);
  });

  it('blanks `export` without moving any position', () => {
    const source = 'export function f() {}\n  export default class A {}\nconst exported = 1; // export const x';
    expect(blankExports(source)).toBe('       function f() {}\n                 class A {}\nconst exported = 1; // export const x');
  });
});

describe('TypeScript: the attacks JavaScript is tested against', () => {
  it.each([
    ['process', 'function f(): unknown { return (globalThis as any).process.env; }', /^TypeError: /],
    ['require', "declare const require: any;\nfunction f(): unknown { return require('fs'); }", /^ReferenceError: '?require'? is not defined$/],
    ['fetch', "declare const fetch: any;\nfunction f(): unknown { return fetch('http://127.0.0.1/'); }", /^ReferenceError: '?fetch'? is not defined$/],
    [
      'the Function constructor',
      "function f(): unknown { return (f as any).constructor.constructor('return process')().env; }",
      /^ReferenceError: '?process'? is not defined$/,
    ],
    ['a static import', "import fs from 'fs';\nfunction f(): unknown { return fs; }", /^SyntaxError: /],
  ])('cannot reach the host through %s', async (_label, code, error) => {
    const result = await runTs(code);
    expect(result.passed).toBe(false);
    expect(result.error).toMatch(error);
  });

  it('stops an infinite loop, a memory bomb and deep recursion, and cuts output', async () => {
    expect((await runTs('function f(): number { while (true) {} }')).error).toBe(TIME_LIMIT_EXCEEDED);
    expect((await runTs("function f(): number { const a: string[] = []; for (;;) a.push('x'.repeat(1e6)); }")).error).toBe(MEMORY_LIMIT_EXCEEDED);
    expect((await runTs('function f(n: number): number { return f(n + 1); }', [0])).error).toMatch(/stack overflow|Maximum call stack/i);
    const printed = await runTs("function f(): number { for (let i = 0; i < 1000; i++) console.log('y'.repeat(100)); return 1; }", [], 1);
    expect(printed.passed).toBe(true);
    expect(printed.output).toMatch(/\[output cut at 4096 bytes\]$/);
    expect((await runTs("function f(): string { return 'x'.repeat(1e7); }")).error).toMatch(/^Output limit exceeded/);
  });
});
