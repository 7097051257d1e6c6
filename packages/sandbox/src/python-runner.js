// @ts-check
/**
 * Python runs: a fresh Pyodide interpreter per run, from a pool of one warm spare per worker.
 *
 * Starting Pyodide from nothing takes seconds (CPython imports its start-up modules from a zip); the first
 * interpreter of the process is therefore made with a memory snapshot, which later ones start from in well
 * under a second, and is shared with workers started later. A run takes the spare (a few ms) and, once it
 * is over, the interpreter is thrown away and the next spare prepared: no state of one candidate can reach
 * another, because no interpreter ever runs two candidates' code.
 */
import { PYTHON_HARNESS } from './python-harness.js';
import { startInterpreter } from './python-realm.js';

/** @typedef {import('./protocol.js').RunMessage} RunMessage */
/** @typedef {import('./protocol.js').CaseReport} CaseReport */
/** @typedef {import('./protocol.js').WorkerMessage} WorkerMessage */
/** @typedef {{ report: CaseReport, log: string, logCut: boolean }} CaseRun */
/** @typedef {import('./python-realm.js').Interpreter & { runCase: any }} Ready */

/** Mirrors protocol.ts (a .js worker cannot import runtime values from .ts). */
const STATUS_MEMORY_CAP_CASE = 0;
const STATUS_INTERRUPT = 2;
/** Longest harness answer read: the value and the log are both capped, this only guards the parse. */
const slack = 16 * 1024;
/**
 * Room between the snapshot's memory and the hard maximum of an interpreter's WebAssembly memory, beyond the
 * growth allowed to candidates: what starting from the snapshot and installing the harness take.
 */
export const PYTHON_START_HEADROOM_BYTES = 16 * 1024 * 1024;

/**
 * Memory: each interpreter's base is measured on the host once the harness is installed, before any candidate
 * code, and its cap (base + `memoryGrowthBytes`) is set then, once, for the whole run: it is never derived
 * again, so what one case keeps counts against the next. The WebAssembly memory's own maximum (snapshot +
 * headroom + growth) holds even if the realm were subverted.
 * @param {{ status: Int32Array, snapshot: SharedArrayBuffer | undefined, memoryGrowthBytes: number, post: (message: WorkerMessage) => void }} options
 */
export function createPythonRunners({ status, snapshot, memoryGrowthBytes, post }) {
  let currentCase = -1;
  /** @type {Promise<Ready> | undefined} */
  let spare;

  const hooks = {
    onMemoryCap: () => Atomics.store(status, STATUS_MEMORY_CAP_CASE, currentCase + 1),
    takeSignal: () => Atomics.exchange(status, STATUS_INTERRUPT, 0),
  };

  /** @returns {Promise<Ready>} */
  async function prepare() {
    if (!snapshot) {
      const first = await startInterpreter({ ...hooks, makeSnapshot: true });
      const bytes = /** @type {Uint8Array} */ (first.py.makeMemorySnapshot());
      const shared = new SharedArrayBuffer(bytes.byteLength);
      new Uint8Array(shared).set(bytes);
      snapshot = shared;
      post({ type: 'pythonSnapshot', bytes: shared });
    }
    const memoryMaxBytes = snapshot.byteLength + PYTHON_START_HEADROOM_BYTES + memoryGrowthBytes;
    const interpreter = await startInterpreter({ ...hooks, snapshot, memoryMaxBytes });
    const harness = interpreter.py.runPython(PYTHON_HARNESS);
    const runCase = harness.get(0);
    const lockdown = harness.get(1);
    harness.destroy();
    lockdown();
    lockdown.destroy();
    interpreter.capMemory(interpreter.memoryBytes() + memoryGrowthBytes);
    return { ...interpreter, runCase };
  }

  /** Starts preparing the next interpreter unless one is ready or on its way. */
  function warm() {
    if (spare) return;
    spare = prepare();
    // A failed start is retried by the next run (which then reports the failure itself).
    spare.catch(() => {
      spare = undefined;
    });
  }

  /** @returns {Promise<Ready>} */
  async function take() {
    const taken = spare ?? prepare();
    spare = undefined;
    return taken;
  }

  /**
   * A runner for one run's cases; `finish()` discards its interpreter and warms the next.
   * @param {RunMessage} run
   */
  async function runnerFor(run) {
    /** @type {Ready | undefined} */
    let interpreter = await take();
    const { limits } = run;
    const ready = async () => {
      interpreter ??= await take();
      return interpreter;
    };
    return {
      /** @param {number} index @returns {Promise<CaseRun>} */
      async runCase(index) {
        const current = await ready();
        currentCase = index;
        let answer;
        try {
          answer = current.runCase(run.code, run.functionName, run.argsJson[index], limits.maxOutputBytes, limits.maxLogBytes);
        } catch (error) {
          // Thrown past the harness: V8's stack overflowed inside WASM, the interpreter exited or aborted. Its
          // state is unknown, so the next case gets a new one.
          interpreter = undefined;
          return { report: { kind: 'error', message: describeHostError(error) }, log: '', logCut: false };
        } finally {
          currentCase = -1;
        }
        const read = readAnswer(answer, limits);
        // Interrupted or failed after hitting the memory cap (MemoryError caught and the code went on): memory is why.
        const capped = Atomics.load(status, STATUS_MEMORY_CAP_CASE) === index + 1;
        return capped && (read.report.kind === 'time' || read.report.kind === 'error') ? { ...read, report: { kind: 'memory' } } : read;
      },
      finish() {
        interpreter = undefined;
        warm();
      },
    };
  }

  return { runnerFor, warm };
}

/**
 * @param {unknown} answer the harness's JSON text
 * @param {import('./protocol.js').WorkerLimits} limits
 * @returns {CaseRun}
 */
function readAnswer(answer, limits) {
  if (typeof answer !== 'string' || answer.length > limits.maxOutputBytes + limits.maxLogBytes * 2 + slack) {
    return { report: { kind: 'error', message: 'The sandbox could not read the result of this case' }, log: '', logCut: false };
  }
  /** @type {any} */
  let parsed;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return { report: { kind: 'error', message: 'The sandbox could not read the result of this case' }, log: '', logCut: false };
  }
  const log = typeof parsed.log === 'string' ? parsed.log : '';
  const logCut = parsed.cut === true;
  /** @type {CaseReport} */
  let report;
  switch (parsed.tag) {
    case 'v':
      report = { kind: 'value', json: String(parsed.json) };
      break;
    case 'o':
      report = { kind: 'output' };
      break;
    case 't':
      report = { kind: 'time' };
      break;
    case 'm':
      report = { kind: 'memory' };
      break;
    default: {
      const message = String(parsed.message ?? 'Error');
      report =
        Number.isInteger(parsed.line) && Number.isInteger(parsed.column)
          ? { kind: 'error', message, position: { line: parsed.line, column: parsed.column } }
          : { kind: 'error', message };
    }
  }
  return { report, log, logCut };
}

/** Reads a realm error's name without running its getters. @param {unknown} error */
function describeHostError(error) {
  const name = error !== null && typeof error === 'object' ? Object.getOwnPropertyDescriptor(Object.getPrototypeOf(error) ?? {}, 'name')?.value : undefined;
  if (name === 'RangeError') return 'RecursionError: maximum recursion depth exceeded (the interpreter ran out of stack)';
  return 'The Python interpreter stopped while running this case';
}
