import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../src/index.js';
import type { CaseResult } from '../src/index.js';

/**
 * One worker, so every run below lands on the same QuickJS instance, reused and put back after each run: the next
 * run, another candidate's, must find no trace of the one before, whatever that one did to its globals, prototypes
 * and memory (the reset's byte-for-byte check is javascript-reset.test.ts).
 */
const sandbox = new Sandbox({ workers: 1 });
afterAll(() => sandbox.close());

/** What a candidate's code can see of its world: globals, built-ins and their behaviour. */
const FINGERPRINT = `function f() {
  const keys = (o) => Reflect.ownKeys(o).map(String).sort().join(',');
  return {
    globals: keys(globalThis),
    prototypes: [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, Promise.prototype, RegExp.prototype, Error.prototype].map(keys),
    namespaces: [JSON, Math, Reflect, Object, Array, console].map(keys),
    natives: [Array.prototype.push, JSON.stringify, JSON.parse, Object.keys, Function.prototype.call, Math.max].map((fn) => String(fn)),
    behaviour: [[].push(1), JSON.stringify({ a: [1] }), ({}).polluted, typeof globalThis.later, typeof globalThis.kept, 'abc'.toUpperCase(), [3, 1, 2].sort().join()],
  };
}`;

const one = async (code: string, expected: unknown = 'never'): Promise<CaseResult> => {
  const { results } = await sandbox.run({ code, functionName: 'f', cases: [{ args: [], expected }] });
  const [result] = results;
  if (!result) throw new Error('no result');
  return result;
};

/** Every way a run can try to leave something for the next candidate. */
const HOSTILE_RUNS = {
  'sets globals and redefines them unconfigurable': `globalThis.kept = 'secret'; var declared = 1; let lexical = 2;
    Object.defineProperty(globalThis, 'later', { value: 'x', writable: false, configurable: false });
    function f() { return 1; }`,
  'patches built-in prototypes and namespaces': `Object.prototype.polluted = 'yes'; Array.prototype.push = function () { return 'patched'; };
    JSON.stringify = () => '"patched"'; Function.prototype.call = function () { return 'patched'; }; Math.max = () => -1;
    String.prototype.toUpperCase = () => 'patched'; Object.defineProperty(Array.prototype, 'sort', { value: () => [], configurable: false });
    function f() { return 1; }`,
  'freezes and seals the built-ins': `Object.freeze(Object.prototype); Object.freeze(Array.prototype); Object.seal(globalThis); Object.freeze(JSON);
    function f() { return 1; }`,
  'replaces console and leaves jobs pending': `console.log = () => 'patched'; globalThis.console = { log() {} };
    Promise.resolve().then(() => { globalThis.later = 'from a job'; }); new FinalizationRegistry(() => {}).register({}, 1);
    function f() { return 1; }`,
  'fills its memory budget and keeps it': `globalThis.kept = []; function f() { try { for (;;) kept.push('x'.repeat(1 << 20) + kept.length); } catch (e) { return kept.length; } }`,
  'runs out of stack': 'function f() { return f() + 1; }',
};

describe('another candidate after a hostile run, on the same QuickJS instance', () => {
  it('sees exactly what the first run on a new instance saw', async () => {
    const clean = await one(FINGERPRINT);
    expect(clean.error).toBeUndefined();
    for (const [hostile, code] of Object.entries(HOSTILE_RUNS)) {
      await one(code);
      const after = await one(FINGERPRINT);
      expect({ hostile, seen: after.actual }).toEqual({ hostile, seen: clean.actual });
    }
  });

  it('reuses the instance between candidates, putting it back after every run', async () => {
    const before = sandbox.stats();
    for (let candidate = 0; candidate < 5; candidate += 1) expect((await one(`function f() { return ${candidate}; }`, candidate)).passed).toBe(true);
    const after = sandbox.stats();
    expect(after.javascriptResets - before.javascriptResets).toBe(5);
    expect(after.javascriptReplaced - before.javascriptReplaced).toBe(0);
  });

  it('gives the next candidate the whole memory budget again after a run that used it all', async () => {
    const fill = 'function f() { const kept = []; try { for (;;) kept.push(new Uint8Array(1 << 20)); } catch (e) { return kept.length; } }';
    const first = await one(fill);
    const filledBefore = sandbox.stats();
    const second = await one(fill);
    expect(typeof first.actual).toBe('number');
    expect(second.actual).toBe(first.actual);
    // The instance whose memory grew is replaced (WebAssembly memory cannot shrink), not reset.
    expect(sandbox.stats().javascriptReplaced - filledBefore.javascriptReplaced).toBe(1);
  });
});
