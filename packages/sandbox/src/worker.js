// @ts-check
/**
 * Worker thread that runs candidate code: JavaScript (and transpiled TypeScript) in QuickJS, Python in
 * Pyodide, both WebAssembly. See quickjs-runner.js and python-runner.js for the isolation of each.
 *
 * Plain JavaScript on purpose: Node 20 cannot load a .ts file as a worker, and the package runs both from
 * source (vitest, `@assay/source` condition) and from dist. tsc (allowJs + checkJs) type-checks this file
 * and copies it next to the compiled pool, so `new URL('./worker.js', import.meta.url)` finds it in both.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { reduceMemory } from './thread-memory.js';
import { createPythonRunners } from './python-runner.js';
import { javascriptRunner, warmJavascript as warmJavascriptCase } from './quickjs-runner.js';
import { blankExports, IMPORTS, transpile } from './typescript.js';

/** @typedef {import('./protocol.js').RunMessage} RunMessage */
/** @typedef {import('./protocol.js').HostMessage} HostMessage */
/** @typedef {import('./protocol.js').WorkerMessage} WorkerMessage */
/** @typedef {import('./protocol.js').WorkerData} WorkerData */

/** Mirrors protocol.ts (a .js worker cannot import runtime values from .ts). */
const STATUS_MEMORY_CAP_CASE = 0;
const STATUS_RUNNING_CASE = 1;
const STATUS_INTERRUPT = 2;
const STATUS_STOP = 3;
/** How many warm-up cases a new worker runs on its QuickJS instance when idle: enough for V8 to optimise QuickJS's hot paths. */
const JAVASCRIPT_WARM_UP_CASES = 25;

if (!parentPort) throw new Error('worker.js must run as a worker thread');
const port = parentPort;
const data = /** @type {WorkerData} */ (workerData);
const status = new Int32Array(data.status);

/** Runs are handled one at a time; the pool never sends a second before 'done', but stay safe anyway. */
let queue = Promise.resolve();
/** Runs received and not yet begun: the warm-up gives way to them. */
let runsWaiting = 0;

/** @param {WorkerMessage} message */
function post(message) {
  port.postMessage(message);
  // Starting an interpreter leaves garbage behind (the module's bytes and their capped copy, the snapshot's copy; on
  // the first worker of the process a whole interpreter that made the snapshot): ~100-250 MB that an idle worker,
  // allocating nothing, would hold for good. Collected once, queued behind any run.
  if (message.type === 'pythonReady') queue = queue.then(() => reduceMemory());
}

const python = createPythonRunners({ status, snapshot: data.pythonSnapshot, memoryGrowthBytes: data.pythonMemoryGrowthBytes, post });

/**
 * TypeScript is transpiled here, after 'started': under the run's wall clock, like the code itself. Error
 * positions are mapped back to the candidate's TypeScript before they leave the worker.
 * @param {RunMessage} message
 */
async function handleRun(message) {
  Atomics.store(status, STATUS_MEMORY_CAP_CASE, 0);
  Atomics.store(status, STATUS_INTERRUPT, 0);
  const run = message.engine === 'javascript' ? { ...message, code: blankExports(message.code) } : message;
  const runner = run.engine === 'python' ? await python.runnerFor(run) : await javascriptRunner(run, status);
  const cold = 'cold' in runner && runner.cold;
  post({ type: 'started', runId: run.runId, ...(cold ? { cold: true } : {}) });
  // The result goes out first; the reset (a few ms: Python's interpreter, QuickJS's memory) happens before the
  // worker takes its next run.
  const finish = () => {
    if ('cold' in runner) post({ type: 'reset', runId: run.runId, ...runner.finish() });
    else post({ type: 'quickjsReset', runId: run.runId, ...runner.finish() });
  };
  /** @type {(position: import('./protocol.js').CodePosition) => import('./protocol.js').CodePosition | undefined} */
  let mapPosition = (position) => position;
  // A stdio program's `import` of fs or readline becomes the require() its harness answers (decision 1087).
  const imports = run.engine === 'javascript' && run.inputs !== undefined && IMPORTS.test(run.code);
  if (run.transpile === 'typescript' || imports) {
    const transpiled = transpile(run.code, { typescript: run.transpile === 'typescript', imports });
    if (!transpiled.ok) {
      const report = { kind: /** @type {const} */ ('error'), message: transpiled.error, ...(transpiled.location ? { position: transpiled.location } : {}) };
      for (let index = 0; index < caseCount(run); index += 1) post({ type: 'case', runId: run.runId, index, report, log: '', logCut: false, timeMs: 0 });
      post({ type: 'done', runId: run.runId });
      finish();
      return;
    }
    run.code = transpiled.code;
    mapPosition = transpiled.mapPosition;
  }
  const stopAfterTimeouts = run.stopAfterTimeouts ?? Number.POSITIVE_INFINITY;
  let timeouts = 0;
  for (let index = 0; index < caseCount(run); index += 1) {
    // Cancelled: the cases not run yet are left out (the host fills them in).
    if (Atomics.load(status, STATUS_STOP) !== 0) break;
    Atomics.store(status, STATUS_RUNNING_CASE, index + 1);
    post({ type: 'caseStart', runId: run.runId, index });
    const started = performance.now();
    const { report, log, logCut } = await runner.runCase(index);
    const timeMs = Math.round((performance.now() - started) * 10) / 10;
    // Stop the main thread's budget timer from interrupting the next case: first "no case", then clear.
    Atomics.store(status, STATUS_RUNNING_CASE, 0);
    Atomics.store(status, STATUS_INTERRUPT, 0);
    post({ type: 'case', runId: run.runId, index, report: mapped(report, mapPosition), log, logCut, timeMs });
    // The run's budget of timeouts is used up: the rest are not run (the host says so for each).
    if (report.kind === 'time' && ++timeouts >= stopAfterTimeouts) break;
  }
  post({ type: 'done', runId: run.runId });
  finish();
}

/** The cases of a run: one per argument list (function form) or per input (stdio form). @param {RunMessage} run */
const caseCount = (run) => run.inputs?.length ?? run.argsJson.length;

/**
 * @param {import('./protocol.js').CaseReport} report
 * @param {(position: import('./protocol.js').CodePosition) => import('./protocol.js').CodePosition | undefined} mapPosition
 * @returns {import('./protocol.js').CaseReport}
 */
function mapped(report, mapPosition) {
  if (report.kind !== 'error' || report.position === undefined) return report;
  const position = mapPosition(report.position);
  return position ? { ...report, position } : { kind: 'error', message: report.message };
}

port.on('message', (/** @type {HostMessage} */ message) => {
  if (message.type === 'pythonSnapshot' || message.type === 'makePythonSnapshot') {
    python.takeSnapshotAnswer(message);
    return;
  }
  if (message.type === 'warm') {
    if (message.engines.includes('python')) queue = queue.then(() => python.warm());
    return;
  }
  runsWaiting += 1;
  queue = queue.then(() => {
    runsWaiting -= 1;
    return handleRun(message).catch((error) => {
      // Failing to even start an interpreter is a crash of this worker: let the pool replace it.
      setImmediate(() => {
        throw error;
      });
    });
  });
});

/**
 * QuickJS warms up while the worker has nothing to run (quickjs-runner.js, WARM_UP), one case at a time, each queued
 * behind the runs that came first and skipped while another waits: a run waits for one warm-up case at most, and a
 * busy worker warms up on its runs instead.
 * @param {number} cases
 */
function warmJavascript(cases) {
  if (cases === 0) return;
  queue = queue
    .then(async () => {
      if (runsWaiting > 0) return 0;
      await warmJavascriptCase(status);
      return 1;
    })
    .then(
      (done) => {
        setImmediate(() => warmJavascript(cases - done));
      },
      () => undefined,
    );
}

post({ type: 'ready' });
if (data.prewarm.includes('python')) python.warm();
warmJavascript(JAVASCRIPT_WARM_UP_CASES);
