// @ts-check
/**
 * A QuickJS instance, compiled to WebAssembly: its own linear memory, capped (a failing grow is recorded where the
 * main thread can read it), and that memory's bytes as they were when the instance was new (quickjs-pristine.js).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { newQuickJSWASMModule, newVariant, RELEASE_SYNC } from 'quickjs-emscripten';
import { capturePristine } from './quickjs-pristine.js';

/** @typedef {import('quickjs-emscripten').QuickJSWASMModule} QuickJSWASMModule */

/** Mirrors STATUS_MEMORY_CAP_CASE in protocol.ts (a .js worker cannot import runtime values from .ts). */
const STATUS_MEMORY_CAP_CASE = 0;
const WASM_PAGE = 65536;
/** @typedef {{ grow(delta: number): number, readonly buffer: ArrayBuffer }} WasmMemory */
/**
 * The WebAssembly global exists in Node, but the project's lib settings (ES2023, no DOM) do not declare it.
 * @type {{ Memory: new (descriptor: { initial: number, maximum: number }) => WasmMemory, compile(bytes: Uint8Array): Promise<object> }}
 */
const wasm = /** @type {any} */ (globalThis).WebAssembly;
const WASM_INITIAL_PAGES = 256;

/** The release build quickjs-emscripten's RELEASE_SYNC variant loads (a dependency of quickjs-emscripten, pinned with it). */
const WASM_FILE = createRequire(createRequire(import.meta.url).resolve('quickjs-emscripten')).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');

/**
 * Compiled once per worker. Instantiating the file's bytes anew compiled it anew each time, and V8 then compiled
 * every function again lazily, and optimised the hot ones again, on every run (~5 ms a case instead of ~1).
 * @type {Promise<object> | undefined}
 */
let compiled;

/**
 * One WebAssembly instance of QuickJS with its own linear memory, and that memory as it was when new.
 * @typedef {{ module: QuickJSWASMModule, memory: WasmMemory, pristine: import('./quickjs-pristine.js').Pristine, maxBytes: number, caseIndex: number, memoryCapHit: boolean, poisoned: boolean }} Engine
 */

/** @param {number} maxBytes @param {Int32Array} status @returns {Promise<Engine>} */
export async function loadEngine(maxBytes, status) {
  compiled ??= wasm.compile(readFileSync(WASM_FILE));
  const memory = new wasm.Memory({ initial: WASM_INITIAL_PAGES, maximum: Math.max(WASM_INITIAL_PAGES, Math.floor(maxBytes / WASM_PAGE)) });
  /** @type {Engine} */
  const engine = {
    module: /** @type {any} */ (undefined),
    memory,
    pristine: /** @type {any} */ (undefined),
    maxBytes,
    caseIndex: -1,
    memoryCapHit: false,
    poisoned: false,
  };
  // Emscripten grows memory from JavaScript; a failing grow is the one moment we can observe "out of
  // memory" while the thread is otherwise stuck inside WASM. Record it where the main thread can read it.
  const grow = memory.grow.bind(memory);
  memory.grow = (/** @type {number} */ delta) => {
    try {
      return grow(delta);
    } catch (error) {
      engine.memoryCapHit = true;
      Atomics.store(status, STATUS_MEMORY_CAP_CASE, engine.caseIndex + 1);
      throw error;
    }
  };
  const wasmModule = /** @type {any} */ (await compiled);
  engine.module = await newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmMemory: /** @type {any} */ (memory), wasmModule }));
  engine.pristine = capturePristine(memory);
  return engine;
}
