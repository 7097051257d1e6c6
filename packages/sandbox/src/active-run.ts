import { capLog, judgeCase, MEMORY_LIMIT_EXCEEDED, NOT_RUN_TIME_LIMIT, TIME_LIMIT_EXCEEDED, withPythonDisplay } from './outcome.js';
import type { WorkerMessage } from './protocol.js';
import type { WorkerRun } from './request.js';
import type { Job } from './slot.js';
import type { CaseResult } from './types.js';

/** The run a worker thread is executing: its timers, what its cases reported so far, and how it is being stopped. */
export interface ActiveRun {
  job: Job<WorkerRun>;
  runId: number;
  results: (CaseResult | undefined)[];
  /** The start-up bound until the worker says the run started, then the run's wall clock. */
  timer: NodeJS.Timeout;
  /** Per-case CPU budget of a Python case: interrupts the interpreter (QuickJS polls its own deadline). */
  caseTimer: NodeJS.Timeout | undefined;
  caseStartedAt: Map<number, number>;
  started: boolean;
  /** Cases that exceeded their time limit so far. */
  timeouts: number;
  /** With a budget of timeouts: kills the worker when the case that would use it up ignores its interrupt. */
  caseKill: NodeJS.Timeout | undefined;
  /** Set by cancel(): the worker starts no further case. */
  cancelled: boolean;
  /** Kills the worker if a cancelled run has not stopped soon after it started. */
  cancelKill: NodeJS.Timeout | undefined;
}

/** A run just handed to the worker, under its start-up bound (`timer`). */
export function activeRun(job: Job<WorkerRun>, runId: number, timer: NodeJS.Timeout): ActiveRun {
  return {
    job,
    runId,
    results: Array.from({ length: job.run.caseCount }, () => undefined),
    timer,
    caseTimer: undefined,
    caseStartedAt: new Map(),
    started: false,
    timeouts: 0,
    caseKill: undefined,
    cancelled: false,
    cancelKill: undefined,
  };
}

export function clearRunTimers(active: ActiveRun): void {
  clearTimeout(active.timer);
  clearTimeout(active.caseTimer);
  clearTimeout(active.caseKill);
  clearTimeout(active.cancelKill);
}

/** Judges a case the worker reported (`expected` is compared here, on the host) and keeps its result. */
export function recordCase(active: ActiveRun, message: Extract<WorkerMessage, { type: 'case' }>): void {
  const { run, limits } = active.job;
  if (message.report.kind === 'time') active.timeouts += 1;
  const verdict = judgeCase(message.report, run.expected[message.index], limits.maxOutputBytes, run.display);
  const log = typeof message.log === 'string' ? capLog(message.log, message.logCut === true, limits.maxLogBytes) : '';
  active.results[message.index] = {
    ...verdict,
    ...(log === '' ? {} : { output: log }),
    ...(typeof message.timeMs === 'number' ? { timeMs: message.timeMs } : {}),
  };
}

/** Every case's result, the ones that have none from `missing`; Python results say how Python writes `expected`. */
export function completedResults(active: ActiveRun, missing: (index: number) => CaseResult): CaseResult[] {
  const { run, limits } = active.job;
  return active.results.map((result, index) => {
    const done = result ?? missing(index);
    return run.display === 'python' ? withPythonDisplay(done, run.expected[index], limits.maxOutputBytes) : done;
  });
}

/** The results of a run the worker ended ('done'): a case it never reported was stopped by the budget of timeouts, cancelled, or lost. */
export function doneResults(active: ActiveRun): CaseResult[] {
  const stopped = active.job.stopAfterTimeouts !== undefined && active.timeouts >= active.job.stopAfterTimeouts;
  const missing = stopped ? NOT_RUN_TIME_LIMIT : active.cancelled ? 'Not run: the run was cancelled' : 'the sandbox lost this case';
  return completedResults(active, () => crashed(missing));
}

/**
 * The results of a run whose worker is killed for overrunning: every unfinished case exceeded its time, or its memory
 * when it is `memoryCase` (the case during which the worker hit its memory cap, -1 for none).
 */
export function overrunResults(active: ActiveRun, memoryCase: number, now: number): CaseResult[] {
  return completedResults(active, (index): CaseResult => {
    const startedAt = active.caseStartedAt.get(index);
    // With a budget of timeouts, a case that never started was not run: the run was over when its case overran.
    if (startedAt === undefined && active.job.stopAfterTimeouts !== undefined) return crashed(NOT_RUN_TIME_LIMIT);
    return {
      passed: false,
      error: index === memoryCase ? MEMORY_LIMIT_EXCEEDED : TIME_LIMIT_EXCEEDED,
      ...(startedAt === undefined ? {} : { timeMs: Math.round(now - startedAt) }),
    };
  });
}

export function crashed(message: string): CaseResult {
  return { passed: false, error: message };
}
