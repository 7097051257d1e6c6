// @ts-check
/**
 * Python runs: one Pyodide interpreter per worker, reset in place after every run.
 *
 * Starting Pyodide from nothing takes seconds (CPython imports its start-up modules from a zip); the first
 * interpreter of the process is therefore made with a memory snapshot, which later ones start from in about a
 * second, and is shared with workers started later. Once a worker's interpreter is ready (harness installed,
 * locked down), its pristine state is captured (python-pristine.js), and after every run it is put back in place
 * in a few milliseconds: memory, stack, the JavaScript values the interpreter holds, files. The next run, another
 * candidate's, starts from exactly the interpreter the first one found. An interpreter that cannot be put back
 * (it stopped: V8's stack overflowed inside it; or the run left what a reset cannot undo) is never run again: the
 * worker reports it, and the pool replaces the worker with a warm one.
 */
import { PYTHON_HARNESS } from './python-harness.js';
import { capturePristine } from './python-pristine.js';
import { startInterpreter } from './python-realm.js';

/** @typedef {import('./protocol.js').RunMessage} RunMessage */
/** @typedef {import('./protocol.js').CaseReport} CaseReport */
/** @typedef {import('./protocol.js').WorkerMessage} WorkerMessage */
/** @typedef {import('./protocol.js').ResetReport} ResetReport */
/** @typedef {{ report: CaseReport, log: string, logCut: boolean }} CaseRun */
/** @typedef {import('./python-realm.js').Interpreter & { runCase: any, runStdio: any, pristine: ReturnType<typeof capturePristine> }} Ready */

/** Mirrors protocol.ts (a .js worker cannot import runtime values from .ts). */
const STATUS_MEMORY_CAP_CASE = 0;
const STATUS_INTERRUPT = 2;
/** Longest harness answer read: the value, its repr, the traceback and the log are all capped; this only guards the parse. */
const slack = 16 * 1024;
/**
 * Room between the snapshot's memory and the hard maximum of an interpreter's WebAssembly memory, beyond the
 * growth allowed to candidates: what starting from the snapshot and installing the harness take.
 */
export const PYTHON_START_HEADROOM_BYTES = 16 * 1024 * 1024;

/**
 * Memory: the interpreter's base is measured on the host once the harness is installed, before any candidate
 * code, and its cap (base + `memoryGrowthBytes`) is set then, once. Every run starts from that base again (the
 * reset), so every run may grow by `memoryGrowthBytes`, and what one case of a run keeps counts against the next.
 * The WebAssembly memory's own maximum (snapshot + headroom + growth) holds even if the realm were subverted.
 * @param {{ status: Int32Array, snapshot: SharedArrayBuffer | undefined, memoryGrowthBytes: number, post: (message: WorkerMessage) => void }} options
 */
export function createPythonRunners({ status, snapshot, memoryGrowthBytes, post }) {
  let currentCase = -1;
  /** The worker's interpreter, ready or on its way. @type {Promise<Ready> | undefined} */
  let current;
  let ready = false;

  const hooks = {
    onMemoryCap: () => Atomics.store(status, STATUS_MEMORY_CAP_CASE, currentCase + 1),
    takeSignal: () => Atomics.exchange(status, STATUS_INTERRUPT, 0),
  };

  /** Resolves the host's answer to 'pythonSnapshotWanted'. @type {((bytes: SharedArrayBuffer | undefined) => void) | undefined} */
  let answerSnapshot;

  /**
   * The process's snapshot from the host, or undefined when this worker is to make it (python-snapshot.ts): workers
   * that start together make one snapshot between them, not one each.
   * @returns {Promise<SharedArrayBuffer | undefined>}
   */
  function snapshotFromHost() {
    return new Promise((resolve) => {
      answerSnapshot = resolve;
      post({ type: 'pythonSnapshotWanted' });
    });
  }

  /** The host's answer, taken as it arrives (not behind the runs, one of which may be waiting for it). @param {import('./protocol.js').SnapshotMessage} message */
  function takeSnapshotAnswer(message) {
    if (message.type === 'pythonSnapshot') snapshot ??= message.bytes;
    const resolve = answerSnapshot;
    answerSnapshot = undefined;
    resolve?.(message.type === 'pythonSnapshot' ? message.bytes : undefined);
  }

  /** @returns {Promise<Ready>} */
  async function prepare() {
    if (!snapshot) snapshot = await snapshotFromHost();
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
    const runStdio = harness.get(2);
    harness.destroy();
    lockdown();
    lockdown.destroy();
    interpreter.capMemory(interpreter.memoryBytes() + memoryGrowthBytes);
    return { ...interpreter, runCase, runStdio, pristine: capturePristine(interpreter) };
  }

  /** Starts preparing the worker's interpreter unless it is ready or on its way. */
  function warm() {
    if (current) return;
    const started = performance.now();
    const preparing = prepare();
    current = preparing;
    preparing.then(
      () => {
        if (current === preparing) ready = true;
        post({ type: 'pythonReady', ms: performance.now() - started });
      },
      // A failed start is retried by the next run (which then reports the failure itself).
      () => {
        if (current === preparing) current = undefined;
      },
    );
  }

  /** @returns {Promise<Ready>} */
  function interpreterNow() {
    warm();
    return /** @type {Promise<Ready>} */ (current);
  }

  function discard() {
    current = undefined;
    ready = false;
  }

  /**
   * A runner for one run's cases. `cold`: the run waited for an interpreter to start. `finish()` resets the
   * interpreter for the next run and says whether that worked (if not, the worker should be replaced).
   * @param {RunMessage} run
   */
  async function runnerFor(run) {
    const cold = !ready;
    /** @type {Ready | undefined} */
    let interpreter = await interpreterNow();
    interpreter.pristine.files.startRun(run.limits.memoryBytes);
    const { limits } = run;
    return {
      cold,
      /** @param {number} index @returns {Promise<CaseRun>} */
      async runCase(index) {
        if (interpreter === undefined) {
          interpreter = await interpreterNow();
          interpreter.pristine.files.startRun(run.limits.memoryBytes);
        }
        currentCase = index;
        let answer;
        try {
          answer =
            run.inputs === undefined
              ? interpreter.runCase(run.code, run.functionName, run.argsJson[index], limits.maxOutputBytes, limits.maxLogBytes)
              : interpreter.runStdio(run.code, run.inputs[index] ?? '', limits.maxOutputBytes, limits.maxLogBytes);
        } catch (error) {
          // Thrown past the harness: V8's stack overflowed inside WASM, the interpreter exited or aborted. Its
          // state is unknown: it never runs again, and the next case gets a new one.
          interpreter = undefined;
          discard();
          return { report: { kind: 'error', message: describeHostError(error) }, log: '', logCut: false };
        } finally {
          currentCase = -1;
        }
        const read = readAnswer(answer, limits);
        // Interrupted or failed after hitting the memory cap (MemoryError caught and the code went on): memory is why.
        const capped = Atomics.load(status, STATUS_MEMORY_CAP_CASE) === index + 1;
        return capped && (read.report.kind === 'time' || read.report.kind === 'error') ? { ...read, report: { kind: 'memory' } } : read;
      },
      /** @returns {ResetReport} */
      finish() {
        const started = performance.now();
        if (interpreter === undefined) return { ok: false, ms: 0, reason: 'the interpreter stopped during the run' };
        /** @type {import('./python-pristine.js').ResetResult} */
        let reset;
        try {
          reset = interpreter.pristine.restore();
        } catch (error) {
          reset = { ok: false, reason: `the reset failed: ${error instanceof Error ? error.message : String(error)}` };
        }
        const ms = performance.now() - started;
        if (!reset.ok) {
          discard();
          return { ok: false, ms, reason: reset.reason };
        }
        return { ok: true, ms, grownBytes: reset.grownBytes };
      },
    };
  }

  return { runnerFor, warm, takeSnapshotAnswer };
}

/**
 * @param {unknown} answer the harness's JSON text
 * @param {import('./protocol.js').WorkerLimits} limits
 * @returns {CaseRun}
 */
function readAnswer(answer, limits) {
  if (typeof answer !== 'string' || answer.length > limits.maxOutputBytes * 2 + limits.maxLogBytes * 2 + slack) {
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
      report = { kind: 'value', json: String(parsed.json), ...(typeof parsed.repr === 'string' ? { display: parsed.repr } : {}) };
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
    case 's':
      report = { kind: 'stdout', text: String(parsed.text ?? ''), exitCode: Number.isInteger(parsed.exit) ? parsed.exit : 1 };
      break;
    default: {
      const message = String(parsed.message ?? 'Error');
      const trace = typeof parsed.trace === 'string' ? { trace: parsed.trace } : {};
      // A line without a column when Python gave none (decision 1103).
      const column = Number.isInteger(parsed.column) && parsed.column > 0 ? { column: parsed.column } : {};
      report = Number.isInteger(parsed.line)
        ? { kind: 'error', message, position: { line: parsed.line, ...column }, ...trace }
        : { kind: 'error', message, ...trace };
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
