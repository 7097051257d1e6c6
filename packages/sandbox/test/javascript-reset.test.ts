import { newQuickJSWASMModule, newVariant, RELEASE_SYNC } from 'quickjs-emscripten';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_LOG_BYTES, DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_MEMORY_BYTES, QUICKJS_STACK_BYTES, wasmMemoryMaxBytes } from '../src/limits.js';
import type { RunMessage } from '../src/protocol.js';
import { DEFAULT_WASM_MEMORY_MAX_BYTES, javascriptRunner, warmJavascript } from '../src/quickjs-runner.js';

/**
 * The reset of the worker's QuickJS instance, seen from the host in this process: after a run, whatever it did, the
 * instance's whole linear memory (QuickJS's static data, C stack, allocator and heap) holds the bytes of a new
 * instance, and what the run left in memory is gone.
 */
const status = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
const maxBytes = wasmMemoryMaxBytes(DEFAULT_MEMORY_BYTES);
const SECRET = 'another-candidates-answer-5d1e9';
/** This package's type libraries do not declare WebAssembly's values; Node has them. */
const wasm = (globalThis as unknown as { WebAssembly: { Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer } } })
  .WebAssembly;

const message = (code: string, cases: unknown[][], memoryBytes = DEFAULT_MEMORY_BYTES): RunMessage => ({
  type: 'run',
  runId: 1,
  engine: 'javascript',
  code,
  functionName: 'f',
  argsJson: cases.map((args) => JSON.stringify(args)),
  limits: {
    memoryBytes,
    wasmMemoryMaxBytes: wasmMemoryMaxBytes(memoryBytes),
    stackBytes: QUICKJS_STACK_BYTES,
    cpuMsPerCase: 1000,
    maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
    maxLogBytes: DEFAULT_MAX_LOG_BYTES,
  },
});

/** Runs every case of `code` on the worker's instance, then gives the instance back; answers the runner and the reset. */
const runAll = async (code: string, cases: unknown[][], memoryBytes?: number) => {
  const runner = await javascriptRunner(message(code, cases, memoryBytes), status);
  const reports = [];
  for (let index = 0; index < cases.length; index += 1) reports.push((await runner.runCase(index)).report);
  const before = Buffer.from(runner.memory()).includes(SECRET);
  return { runner, reports, secretBeforeReset: before, reset: runner.finish() };
};

/** A new instance's memory, made the way quickjs-emscripten makes one, with the same initial size and maximum. */
const newInstanceMemory = async () => {
  const memory = new wasm.Memory({ initial: 256, maximum: maxBytes / 65536 });
  await newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmMemory: memory as never }));
  return Buffer.from(memory.buffer);
};

const HOSTILE = `
  globalThis.kept = [];
  for (let i = 0; i < 2000; i += 1) kept.push('${SECRET}-' + i + 'x'.repeat(500));
  Object.prototype.polluted = '${SECRET}';
  Array.prototype.push = function () { return '${SECRET}'; };
  JSON.stringify = () => '${SECRET}';
  Object.defineProperty(globalThis, 'trap', { get() { return '${SECRET}'; }, configurable: false });
  Promise.resolve().then(() => { globalThis.later = '${SECRET}'; });
  new WeakRef(kept);
  new FinalizationRegistry(() => {}).register({}, '${SECRET}');
  function f(n) { return n + 1; }`;

describe('the reset of a QuickJS instance, measured on the host', () => {
  it('gives back a memory identical, byte for byte, to a new instance after a hostile run', async () => {
    const fresh = await newInstanceMemory();
    const { runner, reports, secretBeforeReset, reset } = await runAll(HOSTILE, [[1], [2], [3]]);
    expect(reports).toEqual([
      { kind: 'value', json: '2' },
      { kind: 'value', json: '3' },
      { kind: 'value', json: '4' },
    ]);
    // The run did leave its traces in memory: the reset is what removes them.
    expect(secretBeforeReset).toBe(true);
    expect(reset).toMatchObject({ ok: true });
    expect(reset.ok && reset.chunks).toBeGreaterThan(0);
    const after = Buffer.from(runner.memory());
    expect(after.includes(SECRET)).toBe(false);
    expect(after.length).toBe(fresh.length);
    expect(after.equals(fresh)).toBe(true);
  });

  it('reuses the instance: the next run starts from the same memory, and a run of nothing changes nothing', async () => {
    const first = await runAll('function f() { return 1; }', [[]]);
    const second = await runAll('function f() { return 1; }', [[]]);
    expect(second.runner.memory()).toBe(first.runner.memory());
    const untouched = await javascriptRunner(message('function f() {}', []), status);
    expect(untouched.finish()).toMatchObject({ ok: true, chunks: 0 });
  });

  it('warms up ahead of runs on an instance with the default limits, and gives it back as new', async () => {
    expect(DEFAULT_WASM_MEMORY_MAX_BYTES).toBe(maxBytes);
    expect(await warmJavascript(status)).toEqual({
      kind: 'value',
      json: JSON.stringify({ words: { the: 3, cat: 2, and: 1, hat: 1, saw: 1, other: 1 }, sorted: [2, 4, 6, 10, 14, 18], sum: 54, text: '6 numbers' }),
    });
    const { runner } = await runAll('function f() { return 1; }', [[]]);
    expect(Buffer.from(runner.memory()).equals(await newInstanceMemory())).toBe(true);
  });

  it('replaces the instance when a run grew its memory (WebAssembly memory cannot shrink)', async () => {
    const grown = await runAll(
      'function f() { globalThis.kept = []; for (let i = 0; i < 40; i += 1) kept.push(new Uint8Array(1 << 20)); return kept.length; }',
      [[]],
    );
    expect(grown.reports).toEqual([{ kind: 'value', json: '40' }]);
    expect(grown.reset).toMatchObject({ ok: false, reason: expect.stringMatching(/the memory grew/) });
    const next = await runAll(`function f() { return '${SECRET}'.length; }`, [[]]);
    expect(next.runner.memory()).not.toBe(grown.runner.memory());
    expect(next.runner.memory().byteLength).toBe((await newInstanceMemory()).length);
    expect(next.reset).toMatchObject({ ok: true });
  });
});
