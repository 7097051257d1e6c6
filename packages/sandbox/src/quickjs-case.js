// @ts-check
/**
 * One case of a JavaScript run in a fresh QuickJS runtime and context of the worker's instance: the harness
 * (vm-harness.js) first, then the candidate's script, then the call of its function with the case's arguments,
 * bounded by the case's memory, stack and CPU time.
 */
import { getRandomValues } from 'node:crypto';
import { harnessSource } from './vm-harness.js';
import { stdioHarnessSource } from './vm-stdio.js';

/** @typedef {import('./protocol.js').RunMessage} RunMessage */
/** @typedef {import('./protocol.js').CaseReport} CaseReport */
/** @typedef {import('./quickjs-instance.js').Engine} Engine */
/** @typedef {import('quickjs-emscripten').QuickJSContext} QuickJSContext */
/** @typedef {import('quickjs-emscripten').QuickJSHandle} QuickJSHandle */
/** @typedef {{ report: CaseReport, log: string, logCut: boolean }} CaseRun What one case reported, and what it printed. */

/**
 * Case `index` of `run` in a runtime and context made for it and disposed after it. The deadline, the memory cap and
 * QuickJS's own out-of-memory make the report a time or memory one; a host error marks the instance `poisoned`.
 * @param {Engine} engine
 * @param {RunMessage} run
 * @param {number} index
 * @returns {CaseRun}
 */
export function evaluateInFreshRuntime(engine, run, index) {
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

  if (run.inputs !== undefined) {
    const io = { input: run.inputs[index] ?? '', maxOutput: run.limits.maxOutputBytes, show: keep(context.getProp(harness, 'show')) };
    return runProgram(context, keep, run.code, io, withLog, errorReport);
  }

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

/**
 * The stdio form (decision 1087): the program runs with the case's input as its standard input (vm-stdio.js), then
 * the listeners it registered; an exit (process.exit) ends it with its code.
 * @param {QuickJSContext} context
 * @param {(handle: QuickJSHandle) => QuickJSHandle} keep
 * @param {string} code
 * @param {{ input: string, maxOutput: number, show: QuickJSHandle }} io the case's input, the output limit, the harness's `show`
 * @param {(report: CaseReport) => CaseRun} withLog
 * @param {(thrown: QuickJSHandle) => CaseRun} errorReport
 * @returns {CaseRun}
 */
function runProgram(context, keep, code, io, withLog, errorReport) {
  const source = context.evalCode(stdioHarnessSource(io.maxOutput), 'assay-stdio.js');
  const made = source.error ? source : context.callFunction(keep(source.value), context.undefined, io.show);
  if (made.error) {
    keep(made.error);
    return withLog({ kind: 'error', message: 'Sandbox harness failed to start' });
  }
  const stdio = keep(made.value);
  const method = (/** @type {string} */ name) => keep(context.getProp(stdio, name));
  const exited = method('exited');
  const set = context.callFunction(method('setInput'), context.undefined, keep(context.newString(io.input)));
  if (set.error) {
    keep(set.error);
    return withLog({ kind: 'error', message: 'Sandbox harness failed to start' });
  }
  keep(set.value);
  /** @param {QuickJSHandle} thrown */
  const ended = (thrown) => {
    const isExit = context.callFunction(exited, context.undefined, keep(thrown));
    return isExit.error === undefined && context.dump(keep(isExit.value)) === true;
  };
  const outcome = () => {
    const text = context.callFunction(method('result'), context.undefined);
    if (text.error) return errorReport(text.error);
    return withLog(parseTagged(context.getString(keep(text.value))));
  };
  // The candidate's own program is the only untrusted text ever evaluated as code.
  const script = context.evalCode(code, 'solution.js', { type: 'global' });
  if (script.error) return ended(script.error) ? outcome() : errorReport(script.error);
  keep(script.value);
  const finished = context.callFunction(method('finish'), context.undefined);
  if (finished.error) return ended(finished.error) ? outcome() : errorReport(finished.error);
  keep(finished.value);
  return outcome();
}

/** @param {string} tagged @returns {CaseReport} */
function parseTagged(tagged) {
  const tag = tagged[0];
  if (tag === 'v') return { kind: 'value', json: tagged.slice(1) };
  if (tag === 's') {
    const newline = tagged.indexOf('\n');
    return { kind: 'stdout', text: tagged.slice(newline + 1), exitCode: Number(tagged.slice(1, newline)) };
  }
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
