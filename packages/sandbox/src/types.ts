import { ALL_LANGUAGES, type LanguageId } from '@assay/domain/languages';
import type { CompileDiagnostic } from './native/native-language.js';
import type { FunctionCase, FunctionRunRequest, SqlRunRequest, StdioRunRequest } from './run-request.js';
import type { RunStep } from '@assay/domain/candidate';

/**
 * The languages the sandbox runs: the domain's registry (engines.ts says which engine runs each). TypeScript is
 * transpiled (types stripped, never checked) and runs in QuickJS.
 */
export type Language = LanguageId;

export const LANGUAGES: readonly Language[] = ALL_LANGUAGES;

/** One test case of a function question. Both sides are JSON values: they cross into the VM as JSON text. */
export type CodingCase = FunctionCase;

/** Where an error happened in the candidate's own code: 1-based line, and column when the compiler or runtime gave one. */
export interface SourceLocation {
  line: number;
  column?: number;
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

/** A run in one of the three forms (run-request.ts); a request without `form` is a function run, as before. */
export type RunRequest = FunctionRunRequest | StdioRunRequest | SqlRunRequest;

export interface RunOutcome {
  /** One per case, in the order of `RunRequest.cases`. */
  results: CaseResult[];
  /**
   * A native program that did not build: the compiler's text (about the candidate's file only), once per run; every
   * case then answers the first diagnostic (decision 676).
   */
  compileOutput?: string;
  /**
   * The sandbox could not run this answer (a compiler that did not start, a compile the busy server stopped before it
   * had its processor time, a module's failure), why in words: the answer was not judged, and its cases say "Not run".
   * Never the code's fault: a caller scores it again later or says so, never as 0 (decision 1043).
   */
  fault?: string;
  /** The same program's every compile error (in its own file, in the compiler's order): the page lists and marks them all. */
  compileErrors?: CompileDiagnostic[];
}

/** Whether this sandbox runs a language now, and if not why and what an operator does about it. */
export type LanguageAvailability = { readonly available: true } | { readonly available: false; readonly reason: string; readonly remedy: string };

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
 * Who a run is for. `candidate`: runs a candidate asks for while taking a test (sample tests), behind a bounded
 * queue. `scoring`: the scoring of completed attempts, never refused. Both share one pool of workers; when both
 * wait, each gets its share of worker time (`SandboxOptions.laneWeights`), so neither can hold the other back.
 */
export type RunLane = 'candidate' | 'scoring';

export const RUN_LANES: readonly RunLane[] = ['candidate', 'scoring'];

/**
 * Whose run it is, for fair shares: worker time is shared equally among the orgs that wait, within an org among its
 * links, within a link among client addresses, within an address among candidates; a candidate has at most one run
 * in flight (the next waits for it). Runs without an owner are each a candidate of their own.
 */
export interface RunOwner {
  /** The attempt (take-test token or invitation) the run is for: at most one of its runs is in flight. */
  readonly candidate: string;
  /** The test link (or test) it belongs to. */
  readonly link?: string;
  /** The client address. */
  readonly address?: string;
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
  /**
   * Aborting removes a waiting run at once, or stops a running one (interrupted, then its worker killed if it does
   * not stop); `run()` then rejects with SandboxCancelledError at once.
   */
  signal?: AbortSignal;
  /**
   * Called when the run starts waiting and whenever its place changes (not more often than every ~100 ms), and with
   * `{ ahead: 0, etaMs: 0 }` when it starts.
   */
  onQueue?: (position: QueuePosition) => void;
  /**
   * A budget for the run: once this many cases exceeded their time limit, the rest are not run (each answers
   * NOT_RUN_TIME_LIMIT), and a case that ignores its interrupt is killed shortly after its limit instead of at the
   * run's wall clock. Scoring uses it so that one looping answer costs about one case's limit, not every case's.
   */
  stopAfterTimeouts?: number;
  /** Called as a native run reaches each step (preparing a shared compiler, compiling, running): see RunStep. */
  onPhase?: (phase: RunStep) => void;
}

/** Runs candidate code against test cases somewhere it cannot hurt the host; `Sandbox` is the implementation. */
export interface CodeRunner {
  run(request: RunRequest, options?: RunOptions): Promise<RunOutcome>;
  /** Starts the lane's workers (and their warm interpreters) ahead of its first run; runners without workers skip it. */
  warmUp?(lane: RunLane): void;
  /** Prepares the native languages' shared builds and warm compilers in the background (Sandbox.warmCompilers). */
  warmCompilers?(): Promise<void>;
  /** The native languages whose compilers were asked to warm, and where each stands (Sandbox.compilerWarmth). */
  compilerWarmth?(): Partial<Record<LanguageId, CompilerWarmth>>;
}

/** How far a native language's warm-up is: its shared builds and warm compilers (decision 1045). */
export type CompilerWarmth = 'warming' | 'ready' | 'failed';

export interface SandboxOptions {
  /** Worker threads, shared by both lanes. Default DEFAULT_WORKERS: the cores this process may use, at most 8. */
  workers?: number;
  /**
   * Candidate runs that may wait beyond the workers that are free or starting; one more makes `run()` reject with
   * `SandboxBusyError` at once. Default 500; 0 means "only when a worker is free".
   */
  maxQueued?: number;
  /**
   * A candidate run expected to wait longer than this (its place in the fair queue, measured run times) is refused
   * with `SandboxBusyError` at once. Default 30 s.
   */
  maxWaitMs?: number;
  /** Shares of worker time of the lanes when both wait. Default 1 each (half and half). */
  laneWeights?: Partial<Record<RunLane, number>>;
  /** @deprecated Ignored: both lanes share the `workers`. */
  scoringWorkers?: number;
  limits?: Partial<SandboxLimits>;
  /**
   * Languages whose interpreter the workers prepare once `warmUp(lane)` is called (the running workers at once,
   * the ones started later as they start), so that even a worker's first run of that language is warm. Before
   * `warmUp`, workers (started at the first run) prepare nothing ahead: a JavaScript load never waits behind a
   * Python start. A worker keeps its Python interpreter once it has one (reset after every run), and once Python is
   * used one warm standby worker stands in for a worker that is lost.
   */
  prewarm?: readonly Language[];
  /** The languages this sandbox runs (default: every one it can); a run of another rejects with LanguageUnavailableError. */
  languages?: readonly Language[];
  /**
   * `auto` (default): native languages run where the host can jail them (bubblewrap, namespaces) and has their
   * toolchain; `off`: no native language runs (a host without namespaces), the WebAssembly ones still do.
   */
  nativeJail?: 'auto' | 'off';
  /** Native runs (jailed processes) at once. Default DEFAULT_WORKERS: the cores. */
  nativeWorkers?: number;
  /** SQL runs at once. Default DEFAULT_WORKERS. */
  sqlWorkers?: number;
}
