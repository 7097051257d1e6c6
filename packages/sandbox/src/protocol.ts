/**
 * Messages between the pool (main thread) and worker.js. Types only: worker.js is plain JavaScript and
 * refers to these through JSDoc, so both sides are checked against one definition.
 */

/** What the worker needs to enforce per case; computed on the main thread from SandboxLimits. */
export interface WorkerLimits {
  memoryBytes: number;
  wasmMemoryMaxBytes: number;
  stackBytes: number;
  cpuMsPerCase: number;
  maxOutputBytes: number;
}

export interface RunMessage {
  type: 'run';
  runId: number;
  code: string;
  functionName: string;
  /** JSON text of each case's argument array; parsed inside the VM, never spliced into code. */
  argsJson: string[];
  limits: WorkerLimits;
}

/** How one case ended, as seen inside the worker. `expected` never enters the worker or the VM. */
export type CaseReport =
  | { kind: 'value'; json: string }
  | { kind: 'undefined' }
  | { kind: 'error'; message: string }
  | { kind: 'time' }
  | { kind: 'memory' }
  | { kind: 'output' };

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'case'; runId: number; index: number; report: CaseReport }
  | { type: 'done'; runId: number };

/**
 * Slots of the Int32Array over the SharedArrayBuffer each worker gets. The worker is blocked inside WASM
 * exactly when the main thread must decide why it is being killed, so it cannot be asked; it writes here
 * instead, from the WASM memory-growth path.
 */
export const STATUS_SLOTS = 1;
/** 1 + index of the case during which the WASM linear memory hit its cap; 0 when it has not. */
export const STATUS_MEMORY_CAP_CASE = 0;
