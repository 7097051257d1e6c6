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
import { restorePristine } from './quickjs-pristine.js';
import { evaluateInFreshRuntime } from './quickjs-case.js';
import { loadEngine } from './quickjs-instance.js';

/** @typedef {import('./protocol.js').RunMessage} RunMessage */
/** @typedef {import('./protocol.js').CaseReport} CaseReport */
/** @typedef {import('./protocol.js').QuickJsReset} QuickJsReset */
/** @typedef {import('./quickjs-instance.js').Engine} Engine */
/** @typedef {import('./quickjs-case.js').CaseRun} CaseRun */

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
