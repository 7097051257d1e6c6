// @ts-check
/**
 * Worker thread that evaluates candidate code in QuickJS (WebAssembly).
 *
 * Plain JavaScript on purpose: Node 20 cannot load a .ts file as a worker, and the package runs both from
 * source (vitest, `@assay/source` condition) and from dist. tsc (allowJs + checkJs) type-checks this file
 * and copies it next to the compiled pool, so `new URL('./worker.js', import.meta.url)` finds it in both.
 *
 * Isolation per run: a fresh WebAssembly instance with a fresh, capped linear memory; per case: a fresh
 * QuickJS runtime + context, so no candidate's state, heap growth or broken allocator reaches the next.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { newQuickJSWASMModule, newVariant, RELEASE_SYNC } from 'quickjs-emscripten';
import { HARNESS_SOURCE } from './vm-harness.js';

/** @typedef {import('./protocol.js').RunMessage} RunMessage */
/** @typedef {import('./protocol.js').CaseReport} CaseReport */
/** @typedef {import('./protocol.js').WorkerMessage} WorkerMessage */
/** @typedef {import('./protocol.js').WorkerLimits} WorkerLimits */
/** @typedef {import('quickjs-emscripten').QuickJSWASMModule} QuickJSWASMModule */
/** @typedef {import('quickjs-emscripten').QuickJSContext} QuickJSContext */
/** @typedef {import('quickjs-emscripten').QuickJSHandle} QuickJSHandle */

/** Mirrors STATUS_MEMORY_CAP_CASE in protocol.ts (a .js worker cannot import runtime values from .ts). */
const STATUS_MEMORY_CAP_CASE = 0;
const WASM_PAGE = 65536;
/** @typedef {{ grow(delta: number): number, readonly buffer: ArrayBuffer }} WasmMemory */
/**
 * The WebAssembly global exists in Node, but the project's lib settings (ES2023, no DOM) do not declare it.
 * @type {{ Memory: new (descriptor: { initial: number, maximum: number }) => WasmMemory }}
 */
const wasm = /** @type {any} */ (globalThis).WebAssembly;
const WASM_INITIAL_PAGES = 256;

if (!parentPort) throw new Error('worker.js must run as a worker thread');
const port = parentPort;
const status = new Int32Array(/** @type {SharedArrayBuffer} */ (workerData.status));

/**
 * One WebAssembly instance of QuickJS with its own linear memory.
 * @typedef {{ module: QuickJSWASMModule, caseIndex: number, memoryCapHit: boolean, poisoned: boolean }} Engine
 */

/** @param {WorkerLimits} limits @returns {Promise<Engine>} */
async function loadEngine(limits) {
  const memory = new wasm.Memory({
    initial: WASM_INITIAL_PAGES,
    maximum: Math.max(WASM_INITIAL_PAGES, Math.floor(limits.wasmMemoryMaxBytes / WASM_PAGE)),
  });
  /** @type {Engine} */
  const engine = { module: /** @type {any} */ (undefined), caseIndex: -1, memoryCapHit: false, poisoned: false };
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
  engine.module = await newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmMemory: memory }));
  return engine;
}

/** @param {WorkerMessage} message */
function post(message) {
  port.postMessage(message);
}

/** @param {RunMessage} run */
async function handleRun(run) {
  Atomics.store(status, STATUS_MEMORY_CAP_CASE, 0);
  let engine = await loadEngine(run.limits);
  for (let index = 0; index < run.argsJson.length; index += 1) {
    engine.caseIndex = index;
    engine.memoryCapHit = false;
    const report = runCase(engine, run, index);
    // A host-level failure inside WASM leaves QuickJS's heap in an unknown state: never reuse it.
    if (engine.poisoned) engine = await loadEngine(run.limits);
    post({ type: 'case', runId: run.runId, index, report });
  }
  post({ type: 'done', runId: run.runId });
}

/**
 * @param {Engine} engine
 * @param {RunMessage} run
 * @param {number} index
 * @returns {CaseReport}
 */
function runCase(engine, run, index) {
  const { limits } = run;
  const runtime = engine.module.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  let deadlineHit = false;
  const deadline = Date.now() + limits.cpuMsPerCase;
  // QuickJS polls this from its bytecode loop; interrupts are uncatchable inside the VM.
  runtime.setInterruptHandler(() => {
    if (Date.now() <= deadline) return false;
    deadlineHit = true;
    return true;
  });
  const context = runtime.newContext();
  /** @type {QuickJSHandle[]} */
  const handles = [];
  /** @type {CaseReport} */
  let report;
  try {
    report = evaluateCase(context, handles, run, index);
  } catch (hostError) {
    // Thrown by the host, not the VM: V8's own stack overflowed inside WASM, or Emscripten aborted.
    engine.poisoned = true;
    report = { kind: 'error', message: describeHostError(hostError) };
  }
  if (deadlineHit) report = { kind: 'time' };
  else if (engine.memoryCapHit && report.kind === 'error') report = { kind: 'memory' };
  else if (report.kind === 'error' && /^InternalError: out of memory/.test(report.message)) {
    report = { kind: 'memory' };
  }
  if (!engine.poisoned) {
    try {
      for (const handle of handles) if (handle.alive) handle.dispose();
      context.dispose();
      runtime.dispose();
    } catch {
      engine.poisoned = true;
    }
  }
  return report;
}

/**
 * @param {QuickJSContext} context
 * @param {QuickJSHandle[]} handles every handle created, disposed by the caller before the context
 * @param {RunMessage} run
 * @param {number} index
 * @returns {CaseReport}
 */
function evaluateCase(context, handles, run, index) {
  /** @param {QuickJSHandle} h */
  const keep = (h) => (handles.push(h), h);

  const harnessResult = context.evalCode(HARNESS_SOURCE, 'assay-harness.js');
  if (harnessResult.error) {
    keep(harnessResult.error);
    return { kind: 'error', message: 'Sandbox harness failed to start' };
  }
  const harness = keep(harnessResult.value);
  const call = keep(context.getProp(harness, 'call'));
  const describe = keep(context.getProp(harness, 'describe'));

  /** @param {QuickJSHandle} thrown @returns {CaseReport} */
  const errorReport = (thrown) => {
    keep(thrown);
    const described = context.callFunction(describe, context.undefined, thrown);
    if (described.error) {
      keep(described.error);
      return { kind: 'error', message: 'Uncaught exception' };
    }
    return { kind: 'error', message: context.getString(keep(described.value)) };
  };

  // The candidate's own script is the only untrusted text ever evaluated as code.
  const script = context.evalCode(run.code, 'solution.js', { type: 'global' });
  if (script.error) return errorReport(script.error);
  keep(script.value);

  // functionName was validated as an identifier on the main thread; evaluating a lookup (rather than
  // reading globalThis) also finds top-level const/let/class bindings.
  const name = run.functionName;
  const lookup = context.evalCode(`typeof ${name} === 'function' ? ${name} : undefined`, 'assay-lookup.js');
  if (lookup.error) return errorReport(lookup.error);
  const fn = keep(lookup.value);
  if (context.typeof(fn) !== 'function') {
    return {
      kind: 'error',
      message: `ReferenceError: function ${name} is not defined (the code must declare a function named ${name})`,
    };
  }

  const argsJson = keep(context.newString(/** @type {string} */ (run.argsJson[index])));
  const maxLength = keep(context.newNumber(run.limits.maxOutputBytes));
  const result = context.callFunction(call, context.undefined, fn, argsJson, maxLength);
  if (result.error) return errorReport(result.error);
  const tagged = context.getString(keep(result.value));
  const tag = tagged[0];
  if (tag === 'v') return { kind: 'value', json: tagged.slice(1) };
  if (tag === 'u') return { kind: 'undefined' };
  if (tag === 'o') return { kind: 'output' };
  return { kind: 'error', message: tagged.slice(1) };
}

/** @param {unknown} error */
function describeHostError(error) {
  if (error instanceof RangeError) return 'RangeError: Maximum call stack size exceeded';
  return 'Sandbox internal error while running the code';
}

/** Runs are handled one at a time; the pool never sends a second before 'done', but stay safe anyway. */
let queue = Promise.resolve();
port.on('message', (/** @type {RunMessage} */ message) => {
  queue = queue.then(() =>
    handleRun(message).catch((error) => {
      // Failing to even instantiate QuickJS is a crash of this worker: let the pool replace it.
      setImmediate(() => {
        throw error;
      });
    }),
  );
});

post({ type: 'ready' });
