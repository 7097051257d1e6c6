/** One test case of a coding question. Both sides are JSON values: they cross into the VM as JSON text. */
export interface CodingCase {
  args: unknown[];
  expected: unknown;
}

/** The verdict of one case. `actual` is the candidate's JSON-round-tripped return value when there was one. */
export interface CaseResult {
  passed: boolean;
  actual?: unknown;
  error?: string;
}

export interface RunRequest {
  /** The candidate's script; it must declare a function named `functionName` (function, const, let or class binding). */
  code: string;
  functionName: string;
  cases: CodingCase[];
}

export interface RunOutcome {
  /** One per case, in the order of `RunRequest.cases`. */
  results: CaseResult[];
}

export interface SandboxLimits {
  /** QuickJS heap limit of one case; the WASM linear memory behind it is capped too (see limits.ts). Default 32 MiB. */
  memoryBytes: number;
  /** CPU budget of one case (candidate script evaluation + call + serialization). Default 1000 ms. */
  cpuMsPerCase: number;
  /**
   * Hard wall-clock budget of a whole run, counted from the moment a worker takes it; when it runs out the
   * worker is terminated. Default `cpuMsPerCase * cases.length + 2000`.
   */
  wallClockMs: number;
  /** Largest JSON-serialized return value accepted from the candidate, in UTF-8 bytes. Default 64 KiB. */
  maxOutputBytes: number;
}

/**
 * Who a run is for. `candidate`: runs a candidate asks for while taking a test (sample tests), served by
 * workers of their own behind a bounded queue. `scoring`: the scoring of completed attempts, on workers
 * candidates' runs never occupy, so it never waits behind them.
 */
export type RunLane = 'candidate' | 'scoring';

export const RUN_LANES: readonly RunLane[] = ['candidate', 'scoring'];

export interface RunOptions {
  /** Default `candidate`: a run nobody vouched for gets the bounded lane. */
  lane?: RunLane;
}

/** Runs candidate code against test cases somewhere it cannot hurt the host; `Sandbox` is the implementation. */
export interface CodeRunner {
  run(request: RunRequest, options?: RunOptions): Promise<RunOutcome>;
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
}
