/** The languages the sandbox runs. TypeScript is transpiled (types stripped, never checked) and runs in QuickJS. */
export type Language = 'javascript' | 'typescript' | 'python';

export const LANGUAGES: readonly Language[] = ['javascript', 'typescript', 'python'];

/** One test case of a coding question. Both sides are JSON values: they cross into the VM as JSON text. */
export interface CodingCase {
  args: unknown[];
  expected: unknown;
}

/** Where an error happened in the candidate's own code: 1-based line and column. */
export interface SourceLocation {
  line: number;
  column: number;
}

/**
 * The verdict of one case. `actual` is the candidate's JSON-round-tripped return value when there was one.
 * `output` is what the code printed (console.log / print) during the case, capped; `timeMs` how long the
 * case ran in the worker (absent for a case that never started).
 */
export interface CaseResult {
  passed: boolean;
  actual?: unknown;
  error?: string;
  /** For syntax and runtime errors: where in the candidate's code (not in a harness or a transpiled copy). */
  errorLocation?: SourceLocation;
  /**
   * Python, for syntax and runtime errors: the traceback Python would print, from the candidate's first frame on
   * (every frame of their code with its line, the harness's frames left out), at most about 4000 characters.
   */
  traceback?: string;
  /**
   * Python: the values as Python writes them (`None`, `True`, `'text'`, `[1, 2]`, `{'a': 1}`), for showing a
   * Python candidate; `actual` when the code returned a value. The verdict compares the JSON values (`actual`
   * and `expected`), never these strings.
   */
  display?: { actual?: string; expected: string };
  output?: string;
  timeMs?: number;
}

export interface RunRequest {
  /**
   * The candidate's script; it must declare a function named `functionName` (JavaScript/TypeScript:
   * function, const, let or class binding; Python: a top-level `def` or any callable bound to that name).
   */
  code: string;
  /** Default `javascript`. */
  language?: Language;
  functionName: string;
  cases: CodingCase[];
}

export interface RunOutcome {
  /** One per case, in the order of `RunRequest.cases`. */
  results: CaseResult[];
}

export interface SandboxLimits {
  /**
   * Memory of one case. JavaScript: QuickJS heap limit, with the WASM linear memory capped too (see limits.ts).
   * Python: the interpreter's WASM memory may grow by 4 x this beyond its own start-up size, and a run may add
   * this many bytes to files. Default 32 MiB.
   */
  memoryBytes: number;
  /** CPU budget of one case (code evaluation + call + serialization). Default 1000 ms. */
  cpuMsPerCase: number;
  /**
   * Hard wall-clock budget of a whole run, counted from the moment a worker starts it (its interpreter
   * ready); when it runs out the worker is terminated. Default `cpuMsPerCase * cases.length + 2000`.
   */
  wallClockMs: number;
  /** Largest JSON-serialized return value accepted from the candidate, in UTF-8 bytes. Default 64 KiB. */
  maxOutputBytes: number;
  /** Printed output (console.log, print) kept per case, in UTF-8 bytes; the rest is cut. Default 4 KiB. */
  maxLogBytes: number;
}

/**
 * Who a run is for. `candidate`: runs a candidate asks for while taking a test (sample tests), served by
 * workers of their own behind a bounded queue. `scoring`: the scoring of completed attempts, on workers
 * candidates' runs never occupy, so it never waits behind them.
 */
export type RunLane = 'candidate' | 'scoring';

export const RUN_LANES: readonly RunLane[] = ['candidate', 'scoring'];

/** Who a run is for (the scheduler's fairness is by these). */
export interface RunOwner {
  /** The attempt (take-test token or invitation id) the run is for: at most one of its runs is in flight. */
  readonly candidate: string;
  /** The test link (or test) it belongs to. */
  readonly link?: string;
  /** The client address. */
  readonly address?: string;
  /** The org. */
  readonly org?: string;
}

/** Where a waiting run stands. */
export interface QueuePosition {
  /** Runs that will start before this one, as the scheduler sees it now. */
  readonly ahead: number;
  /** When it is expected to start, in ms from now (from the real queue and measured run times). */
  readonly etaMs: number;
}

export interface RunOptions {
  /** Default `candidate`: a run nobody vouched for gets the bounded lane. */
  lane?: RunLane;
  owner?: RunOwner;
  /** Aborting removes a queued run at once, or stops a running one; run() then rejects with SandboxCancelledError. */
  signal?: AbortSignal;
  /** Called when the run is queued and whenever its position changes, and with ahead 0 when it starts. */
  onQueue?: (position: QueuePosition) => void;
}

/** Runs candidate code against test cases somewhere it cannot hurt the host; `Sandbox` is the implementation. */
export interface CodeRunner {
  run(request: RunRequest, options?: RunOptions): Promise<RunOutcome>;
  /** Starts the lane's workers (and their warm interpreters) ahead of its first run; runners without workers skip it. */
  warmUp?(lane: RunLane): void;
}

export interface SandboxOptions {
  /** Worker threads of the `candidate` lane. Default 2. */
  workers?: number;
  /**
   * Candidate runs that may wait for a worker of their lane; one more makes `run()` reject with
   * `SandboxBusyError` at once instead of queueing. Default 8; 0 means "only when a worker is free".
   */
  maxQueued?: number;
  /** Worker threads of the `scoring` lane (its queue is unbounded: scoring is never refused). Default 1. */
  scoringWorkers?: number;
  limits?: Partial<SandboxLimits>;
  /**
   * Languages whose interpreter the workers of a lane prepare once `warmUp(lane)` is called (the running
   * workers at once, the ones started later as they start), so that even a worker's first run of that language
   * is warm. Before `warmUp`, workers (started at their lane's first run) prepare nothing ahead: a JavaScript load
   * never waits behind a Python start. A worker keeps its Python interpreter once it has one (reset after
   * every run), and once Python is used one warm standby worker stands in for a worker that is lost.
   */
  prewarm?: readonly Language[];
}
