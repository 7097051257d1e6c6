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

export interface SandboxOptions {
  /** Number of worker threads; runs beyond that wait in a FIFO queue. Default 2. */
  workers?: number;
  limits?: Partial<SandboxLimits>;
}
