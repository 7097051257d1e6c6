import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInterpreter, type Interpreter } from '../src/python-realm.js';
import { memoryMaximumOf, withMemoryMaximum } from '../src/wasm-memory-limit.js';
import { PYTHON_START_MS } from './helpers.js';

/**
 * The limits must hold even if candidate code took over the interpreter's realm. These tests act as such a realm
 * from the host: they tamper with what the realm could reach and check that the host and V8 still decide.
 */
const MiB = 1024 * 1024;
/** This package's type libraries do not declare WebAssembly's values; Node has them. */
const wasm = (globalThis as unknown as { WebAssembly: { validate(bytes: Uint8Array): boolean; Memory: { prototype: { grow: unknown } } } }).WebAssembly;
const PAGE = 65536;
const pyodideWasm = readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('pyodide/package.json')), 'pyodide.asm.wasm'));

describe('withMemoryMaximum', () => {
  it("sets the maximum of Pyodide's memory and changes nothing else that matters", () => {
    expect(memoryMaximumOf(pyodideWasm)).toBe(4096 * MiB);
    const capped = withMemoryMaximum(pyodideWasm, 200 * MiB + 1);
    expect(memoryMaximumOf(capped)).toBe(200 * MiB + PAGE);
    expect(wasm.validate(capped)).toBe(true);
  });

  it('refuses a module without a memory of its own', () => {
    const empty = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    expect(() => withMemoryMaximum(empty, MiB)).toThrow(/defines no memory/);
    expect(() => withMemoryMaximum(new Uint8Array([1, 2, 3, 4]), MiB)).toThrow(/not a WebAssembly module/);
  });
});

describe('a Python interpreter whose realm is subverted', () => {
  const memoryCapHits: number[] = [];
  let interpreter: Interpreter;
  const MAX = 160 * MiB;

  beforeAll(async () => {
    interpreter = await startInterpreter({ memoryMaxBytes: MAX, onMemoryCap: () => memoryCapHits.push(1), takeSignal: () => 0 });
    interpreter.capMemory(interpreter.memoryBytes() + 64 * MiB);
  }, PYTHON_START_MS);
  afterAll(() => {
    interpreter?.py.setInterruptBuffer(undefined);
  });

  it('keeps the memory cap the host set when the realm fakes the heap size (HEAP8 tampered)', () => {
    interpreter.py._module.HEAP8 = { length: 2 ** 31 };
    const before = interpreter.memoryBytes();
    const kept = interpreter.py.runPython(
      ['kept = []', 'try:', '    while len(kept) < 1500: kept.append(bytearray(10**6))', 'except MemoryError:', '    pass', 'len(kept)'].join('\n'),
    );
    expect(kept).toBeLessThan(70);
    expect(interpreter.memoryBytes() - before).toBeLessThanOrEqual(64 * MiB);
    expect(memoryCapHits.length).toBeGreaterThan(0);
    expect(() => interpreter.capMemory(2 ** 31)).toThrow(/set once/);
  });

  it("holds the memory's own maximum when the realm's growth check is bypassed", () => {
    const hostGrow = wasm.Memory.prototype.grow as (this: unknown, pages: number) => number;
    const room = Math.floor((MAX - interpreter.memoryBytes()) / PAGE);
    expect(() => Reflect.apply(hostGrow, interpreter.memory, [room + 1])).toThrow(RangeError);
    expect(interpreter.memoryBytes()).toBeLessThanOrEqual(MAX);
  });

  it('refuses to make another WebAssembly memory, module or instance once sealed', () => {
    const RealmMemory = (interpreter.memory as { constructor: new (descriptor: object) => unknown }).constructor;
    expect(() => new RealmMemory({ initial: 1 })).toThrow(/WebAssembly is not available in this sandbox/);
  });

  it('has no JavaScript modules registered and no FFI or ctypes built-ins', () => {
    const found = interpreter.py.runPython(
      "import sys, _imp\n[name for name in ('js', 'pyodide_js') if name in sys.modules] + [name for name in ('_pyodide_core', '_ctypes') if _imp.is_builtin(name)]",
    );
    expect(found.toJs()).toEqual([]);
  });
});
