/**
 * Messages between the pool (main thread) and worker.js. Types only: worker.js is plain JavaScript and
 * refers to these through JSDoc, so both sides are checked against one definition.
 */

/** What the worker needs to enforce per case; computed on the main thread from SandboxLimits. */
export interface WorkerLimits {
  memoryBytes: number;
  /** Cap of QuickJS's WASM linear memory. */
  wasmMemoryMaxBytes: number;
  stackBytes: number;
  cpuMsPerCase: number;
  maxOutputBytes: number;
  maxLogBytes: number;
}

/** The interpreter a run needs: TypeScript runs in the JavaScript engine once the worker has transpiled it. */
export type Engine = 'javascript' | 'python';

/** Sent to a worker that started cold when its pool is warmed: prepare these interpreters while idle. */
export interface WarmMessage {
  type: 'warm';
  engines: readonly Engine[];
}

/**
 * The answer to a worker's 'pythonSnapshotWanted': the process's Python snapshot, or the order to make it (the first
 * worker that wants one; the others wait for it: python-snapshot.ts).
 */
export type SnapshotMessage = { type: 'pythonSnapshot'; bytes: SharedArrayBuffer } | { type: 'makePythonSnapshot' };

/** What the pool sends a worker. */
export type HostMessage = RunMessage | WarmMessage | SnapshotMessage;

export interface RunMessage {
  type: 'run';
  runId: number;
  engine: Engine;
  /** The code is TypeScript: the worker transpiles it (under the run's wall clock) before the cases. */
  transpile?: 'typescript';
  code: string;
  functionName: string;
  /** JSON text of each case's argument array; parsed inside the VM, never spliced into code. */
  argsJson: string[];
  /** The stdio form (decision 1087): each case's standard input; the program is run once per input ('' functionName, no argsJson). */
  inputs?: string[];
  limits: WorkerLimits;
  /** Stop after this many cases exceeded their time limit (the rest are not run). */
  stopAfterTimeouts?: number;
}

/**
 * A line and column (1-based) in the candidate's code (TypeScript positions are mapped back by the worker). No
 * `column` when the runtime named a line alone (a JVM frame, a C backtrace, Ruby, PHP): never a made-up 1.
 */
export interface CodePosition {
  line: number;
  column?: number;
}

/** How one case ended, as seen inside the worker. `expected` never enters the worker or the VM. */
export type CaseReport =
  /** `display`: the value as the language writes it (Python: the repr of the JSON round-tripped value). */
  | { kind: 'value'; json: string; display?: string }
  | { kind: 'undefined' }
  /** `trace`: the whole traceback of the candidate's frames (Python). */
  | { kind: 'error'; message: string; position?: CodePosition; trace?: string }
  | { kind: 'time' }
  | { kind: 'memory' }
  | { kind: 'output' }
  /** A stdio program ended: what it printed on stdout, and its exit code (`exit(3)`, 0 when it just ended). */
  | { kind: 'stdout'; text: string; exitCode: number | null };

export type WorkerMessage =
  | { type: 'ready' }
  /** The interpreter is ready and the cases begin: the run's wall clock starts now. `cold`: the run waited for an interpreter to start. */
  | { type: 'started'; runId: number; cold?: boolean }
  | { type: 'caseStart'; runId: number; index: number }
  /** `log`: what the case printed, cut to about the limit (`logCut` when something was dropped); `timeMs`: how long it ran. */
  | { type: 'case'; runId: number; index: number; report: CaseReport; log: string; logCut: boolean; timeMs: number }
  | { type: 'done'; runId: number }
  /** After 'done' of a Python run: the interpreter was put back as it was before the run (or cannot be: replace the worker). */
  | ({ type: 'reset'; runId: number } & ResetReport)
  /** After 'done' of a JavaScript or TypeScript run: the worker's QuickJS instance was put back as it was when new (or replaced). */
  | ({ type: 'quickjsReset'; runId: number } & QuickJsReset)
  /** The worker's Python interpreter is ready (started, harness installed, pristine state captured) after `ms`. */
  | { type: 'pythonReady'; ms: number }
  /** The worker needs Python and was started without a snapshot: the host answers with a SnapshotMessage. */
  | { type: 'pythonSnapshotWanted' }
  /** A memory snapshot of a freshly started Python interpreter, shared with workers started later. */
  | { type: 'pythonSnapshot'; bytes: SharedArrayBuffer };

/** How the reset after a Python run went; `grownBytes`: how far the run's heap had grown beyond the pristine one. */
export type ResetReport = { ok: true; ms: number; grownBytes: number } | { ok: false; ms: number; reason: string };

/**
 * How the QuickJS instance was given back after a run: its memory restored (`chunks`: the 64 KiB chunks the run had
 * changed), or (it grew, or a host error hit it) a new instance made in its place.
 */
export type QuickJsReset = { ok: true; ms: number; chunks: number } | { ok: false; ms: number; reason: string };

/** What every worker is started with. */
export interface WorkerData {
  status: SharedArrayBuffer;
  pythonSnapshot: SharedArrayBuffer | undefined;
  prewarm: readonly Engine[];
  /** How far a Python interpreter's WebAssembly memory may grow beyond its size once ready, over a whole run. */
  pythonMemoryGrowthBytes: number;
}

/**
 * Slots of the Int32Array over the SharedArrayBuffer each worker gets. The worker is blocked inside WASM
 * exactly when the main thread must decide why it is being killed or interrupted, so it cannot be asked; the
 * two sides meet here instead.
 */
export const STATUS_SLOTS = 4;
/** 1 + index of the case during which the WASM linear memory hit its cap; 0 when it has not. Worker writes. */
export const STATUS_MEMORY_CAP_CASE = 0;
/** 1 + index of the case the worker is running; 0 between cases. Worker writes. */
export const STATUS_RUNNING_CASE = 1;
/** A signal for the Python interpreter (2 = SIGINT: the case is over its CPU budget). Main thread writes. */
export const STATUS_INTERRUPT = 2;
/** 1: the run was cancelled, start no further case. Main thread writes (and clears before each run). */
export const STATUS_STOP = 3;
/** The signal number Python turns into KeyboardInterrupt. */
export const SIGINT = 2;
