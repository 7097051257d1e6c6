// @ts-check
/**
 * JavaScript (and transpiled TypeScript) in QuickJS, compiled to WebAssembly.
 *
 * One QuickJS instance per worker, reused by every run and put back after each: its linear memory, where all of
 * QuickJS's state lives, is restored to the bytes it held when the instance was new (quickjs-pristine.js), so the
 * next run, another candidate's, finds what a new instance would hold. Within a run every case gets a fresh QuickJS
 * runtime and context. An instance whose memory grew, or that a host error left in an unknown state, is replaced
 * instead (a new instance from the module compiled once per worker: milliseconds).
 */
import { getRandomValues } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { newQuickJSWASMModule, newVariant, RELEASE_SYNC } from 'quickjs-emscripten';
import { capturePristine, restorePristine } from './quickjs-pristine.js';
import { harnessSource } from './vm-harness.js';

/** @typedef {import('./protocol.js').RunMessage} RunMessage */
/** @typedef {import('./protocol.js').CaseReport} CaseReport */
/** @typedef {import('./protocol.js').WorkerLimits} WorkerLimits */
/** @typedef {import('./protocol.js').QuickJsReset} QuickJsReset */
/** @typedef {import('quickjs-emscripten').QuickJSWASMModule} QuickJSWASMModule */
/** @typedef {import('quickjs-emscripten').QuickJSContext} QuickJSContext */
/** @typedef {import('quickjs-emscripten').QuickJSHandle} QuickJSHandle */
/** @typedef {{ report: CaseReport, log: string, logCut: boolean }} CaseRun What one case reported, and what it printed. */

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
async function loadEngine(maxBytes, status) {
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

/**
 * This worker's instance: ready, or on its way (made after a run that could not give its instance back, so that the
 * next run does not wait for it).
 * @type {Promise<Engine> | undefined}
 */
let current;

/**
 * The WebAssembly memory cap of the default limits (16 MiB + 2 × 32 MiB, `wasmMemoryMaxBytes(DEFAULT_MEMORY_BYTES)`
 * in limits.ts, mirrored: a .js worker cannot import runtime values from .ts): the instance a worker prepares before
 * any run has it, and a run with other limits makes one of its own (milliseconds).
 */
export const DEFAULT_WASM_MEMORY_MAX_BYTES = 80 * 1024 * 1024;

/**
 * Everyday code (strings, a regular expression, arrays, a Map, a class, JSON) that a worker runs as one case at a
 * time while it has no run: V8 compiles a WebAssembly module's functions lazily and optimises the ones that run
 * often, and a new worker's first runs took ~50 ms, then ~10 ms each for about twenty runs, against ~2.5 ms once
 * warm. Warming up on the worker's own instance (reset after each case) moves that off the candidates' runs.
 * @type {RunMessage}
 */
const WARM_UP = {
  type: 'run',
  runId: 0,
  engine: 'javascript',
  code: `class Tally { constructor() { this.counts = new Map(); } add(word) { this.counts.set(word, (this.counts.get(word) ?? 0) + 1); } }
function warmUp(text, numbers) {
  const tally = new Tally();
  for (const word of text.toLowerCase().split(/\\W+/).filter(Boolean)) tally.add(word);
  const sorted = [...numbers].sort((a, b) => a - b).map((n) => n * 2);
  try { JSON.parse('{'); } catch (error) { console.log(error.message); }
  return { words: Object.fromEntries(tally.counts), sorted, sum: sorted.reduce((a, b) => a + b, 0), text: \`\${sorted.length} numbers\` };
}`,
  functionName: 'warmUp',
  argsJson: ['["The cat and the hat saw the other cat", [5, 3, 9, 1, 7, 2]]'],
  limits: {
    memoryBytes: 32 * 1024 * 1024,
    wasmMemoryMaxBytes: DEFAULT_WASM_MEMORY_MAX_BYTES,
    stackBytes: 1024 * 1024,
    cpuMsPerCase: 1000,
    maxOutputBytes: 65536,
    maxLogBytes: 4096,
  },
};

/**
 * One warm-up case on this worker's instance (made now if it has none), which is then put back as new.
 * @param {Int32Array} status
 * @returns {Promise<CaseReport>}
 */
export async function warmJavascript(status) {
  const runner = await javascriptRunner(WARM_UP, status);
  const { report } = await runner.runCase(0);
  runner.finish();
  return report;
}

/**
 * A runner for one run's cases, on the worker's instance (a new one when the memory cap differs), a fresh runtime
 * per case. `finish()`, once the results are out, puts the instance back as it was when new, or replaces it.
 * @param {RunMessage} run
 * @param {Int32Array} status
 * @returns {Promise<{ runCase(index: number): Promise<CaseRun>, finish(): QuickJsReset, memory(): ArrayBuffer }>}
 */
export async function javascriptRunner(run, status) {
  const maxBytes = run.limits.wasmMemoryMaxBytes;
  const kept = current ? await current : undefined;
  /** @type {Engine} */
  let engine = kept?.maxBytes === maxBytes ? kept : await (current = loadEngine(maxBytes, status));
  return {
    async runCase(index) {
      // A host-level failure inside WASM leaves QuickJS's heap in an unknown state: never reuse it.
      if (engine.poisoned) {
        current = loadEngine(maxBytes, status);
        engine = await current;
      }
      engine.caseIndex = index;
      engine.memoryCapHit = false;
      return evaluateInFreshRuntime(engine, run, index);
    },
    finish() {
      const started = performance.now();
      try {
        if (engine.poisoned) throw new Error('a host error left the instance in an unknown state');
        const chunks = restorePristine(engine.memory, engine.pristine);
        engine.caseIndex = -1;
        return { ok: true, ms: performance.now() - started, chunks };
      } catch (error) {
        current = loadEngine(maxBytes, status);
        // A failure to make the next one surfaces at the next run, which awaits it.
        current.catch(() => undefined);
        return { ok: false, ms: performance.now() - started, reason: error instanceof Error ? error.message : String(error) };
      }
    },
    /** The instance's linear memory as it is now: what the tests compare with a new instance's. */
    memory: () => engine.memory.buffer,
  };
}

/**
 * @param {Engine} engine
 * @param {RunMessage} run
 * @param {number} index
 * @returns {CaseRun}
 */
function evaluateInFreshRuntime(engine, run, index) {
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
  /** @type {CaseRun} */
  let result;
  try {
    result = evaluateCase(context, handles, run, index);
  } catch (hostError) {
    // Thrown by the host, not the VM: V8's own stack overflowed inside WASM, or Emscripten aborted.
    engine.poisoned = true;
    result = { report: { kind: 'error', message: describeHostError(hostError) }, log: '', logCut: false };
  }
  const { report } = result;
  if (deadlineHit) result.report = { kind: 'time' };
  else if (engine.memoryCapHit && report.kind === 'error') result.report = { kind: 'memory' };
  else if (report.kind === 'error' && /^InternalError: out of memory/.test(report.message)) result.report = { kind: 'memory' };
  if (!engine.poisoned) {
    try {
      for (const handle of handles) if (handle.alive) handle.dispose();
      context.dispose();
      runtime.dispose();
    } catch {
      engine.poisoned = true;
    }
  }
  return result;
}

/**
 * @param {QuickJSContext} context
 * @param {QuickJSHandle[]} handles every handle created, disposed by the caller before the context
 * @param {RunMessage} run
 * @param {number} index
 * @returns {CaseRun}
 */
function evaluateCase(context, handles, run, index) {
  /** @param {QuickJSHandle} h */
  const keep = (h) => {
    handles.push(h);
    return h;
  };

  const harnessResult = context.evalCode(harnessSource(run.limits.maxLogBytes, getRandomValues(new Uint32Array(4))), 'assay-harness.js');
  if (harnessResult.error) {
    keep(harnessResult.error);
    return { report: { kind: 'error', message: 'Sandbox harness failed to start' }, log: '', logCut: false };
  }
  const harness = keep(harnessResult.value);
  const call = keep(context.getProp(harness, 'call'));
  const failure = keep(context.getProp(harness, 'failure'));
  const takeLog = keep(context.getProp(harness, 'takeLog'));

  /** @param {CaseReport} report @returns {CaseRun} */
  const withLog = (report) => {
    const taken = context.callFunction(takeLog, context.undefined);
    if (taken.error) {
      keep(taken.error);
      return { report, log: '', logCut: false };
    }
    const text = context.getString(keep(taken.value));
    return { report, log: text.slice(1), logCut: text[0] === 'c' };
  };

  /** @param {QuickJSHandle} thrown @returns {CaseRun} */
  const errorReport = (thrown) => {
    keep(thrown);
    const described = context.callFunction(failure, context.undefined, thrown, keep(context.newString('')));
    if (described.error) {
      keep(described.error);
      return withLog({ kind: 'error', message: 'Uncaught exception' });
    }
    return withLog(parseTagged(context.getString(keep(described.value))));
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
    return withLog({
      kind: 'error',
      message: `ReferenceError: function ${name} is not defined (the code must declare a function named ${name})`,
    });
  }

  const argsJson = keep(context.newString(/** @type {string} */ (run.argsJson[index])));
  const maxLength = keep(context.newNumber(run.limits.maxOutputBytes));
  const result = context.callFunction(call, context.undefined, fn, argsJson, maxLength);
  if (result.error) return errorReport(result.error);
  return withLog(parseTagged(context.getString(keep(result.value))));
}

/** @param {string} tagged @returns {CaseReport} */
function parseTagged(tagged) {
  const tag = tagged[0];
  if (tag === 'v') return { kind: 'value', json: tagged.slice(1) };
  if (tag === 'u') return { kind: 'undefined' };
  if (tag === 'o') return { kind: 'output' };
  const newline = tagged.indexOf('\n');
  const where = /^(\d+):(\d+)$/.exec(tagged.slice(1, Math.max(1, newline)));
  const message = newline === -1 ? tagged.slice(1) : tagged.slice(newline + 1);
  return where ? { kind: 'error', message, position: { line: Number(where[1]), column: Number(where[2]) } } : { kind: 'error', message };
}

/** @param {unknown} error */
function describeHostError(error) {
  if (error instanceof RangeError) return 'RangeError: Maximum call stack size exceeded';
  return 'Sandbox internal error while running the code';
}
