import type { WorkerMessage } from './protocol.js';

/**
 * Counters of what a Sandbox's workers did, for tests, benches and metrics (`Sandbox.stats()`): how Python
 * interpreters and QuickJS instances were reused, and whether a candidate ever waited for one to start.
 */
export interface SandboxStats {
  /** Python runs whose interpreter was put back in place afterwards, and how long that took (ms). */
  pythonResets: number;
  pythonResetMsTotal: number;
  pythonResetMsMax: number;
  /** Python runs after which the interpreter could not be reused (it stopped, or the reset refused): its worker was replaced. */
  pythonRecycled: number;
  /** Python runs that waited for an interpreter to start: a cold start on a request's path. */
  pythonColdStarts: number;
  /** Python memory snapshots made (a cold start each: the process's first interpreter, made once and shared). */
  pythonSnapshots: number;
  /** Python interpreters made ready (by any worker, the standby included), and the slowest start (ms). */
  pythonStarts: number;
  pythonStartMsMax: number;
  /** JavaScript and TypeScript runs after which the worker's QuickJS instance was put back as new, and how long that took (ms). */
  javascriptResets: number;
  javascriptResetMsTotal: number;
  javascriptResetMsMax: number;
  /** JavaScript and TypeScript runs after which the instance was replaced instead (its memory grew, or a host error hit it). */
  javascriptReplaced: number;
  /** Workers lost because they were killed (a run past its wall clock), crashed or were recycled; each is replaced. */
  workersLost: number;
  /** Of those, the ones replaced at once by the warm standby worker instead of a new, cold one. */
  standbyPromotions: number;
  /** Candidate runs refused past the queue bound (SandboxBusyError). */
  runsRefused: number;
  /** Runs their signal cancelled (waiting or running). */
  runsCancelled: number;
}

/** Adds what a worker reports (an interpreter ready, a cold start, a reset) to the counters. */
export function countWorkerMessage(stats: SandboxStats, message: WorkerMessage): void {
  switch (message.type) {
    case 'started':
      if (message.cold === true) stats.pythonColdStarts += 1;
      return;
    case 'pythonSnapshot':
      stats.pythonSnapshots += 1;
      return;
    case 'pythonReady':
      stats.pythonStarts += 1;
      stats.pythonStartMsMax = Math.max(stats.pythonStartMsMax, message.ms);
      return;
    case 'reset':
      if (!message.ok) {
        stats.pythonRecycled += 1;
        return;
      }
      stats.pythonResets += 1;
      stats.pythonResetMsTotal += message.ms;
      stats.pythonResetMsMax = Math.max(stats.pythonResetMsMax, message.ms);
      return;
    case 'quickjsReset':
      if (!message.ok) {
        stats.javascriptReplaced += 1;
        return;
      }
      stats.javascriptResets += 1;
      stats.javascriptResetMsTotal += message.ms;
      stats.javascriptResetMsMax = Math.max(stats.javascriptResetMsMax, message.ms);
      return;
    default:
  }
}

export function emptyStats(): SandboxStats {
  return {
    pythonResets: 0,
    pythonResetMsTotal: 0,
    pythonResetMsMax: 0,
    pythonRecycled: 0,
    pythonColdStarts: 0,
    pythonSnapshots: 0,
    pythonStarts: 0,
    pythonStartMsMax: 0,
    javascriptResets: 0,
    javascriptResetMsTotal: 0,
    javascriptResetMsMax: 0,
    javascriptReplaced: 0,
    workersLost: 0,
    standbyPromotions: 0,
    runsRefused: 0,
    runsCancelled: 0,
  };
}
