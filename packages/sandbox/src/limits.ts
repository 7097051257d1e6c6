import { availableParallelism } from 'node:os';
import type { SandboxLimits } from './types.js';

const KiB = 1024;
const MiB = 1024 * KiB;

export const DEFAULT_MEMORY_BYTES = 32 * MiB;
export const DEFAULT_CPU_MS_PER_CASE = 1000;
export const DEFAULT_MAX_OUTPUT_BYTES = 64 * KiB;
/** Printed output kept per case: enough for a debugging trace beside each case, not a flood. */
export const DEFAULT_MAX_LOG_BYTES = 4 * KiB;
/** Added to the per-case CPU budgets for the default wall clock: worker message passing and QuickJS instantiation. */
export const WALL_CLOCK_SLACK_MS = 2000;
/**
 * How long a worker may take to get its interpreter ready before the run's wall clock starts. A Python cold
 * start (no snapshot in this process yet) takes seconds; this bounds a start that never finishes.
 */
export const ENGINE_START_TIMEOUT_MS = 60_000;
/**
 * Worker threads of a sandbox, shared by both lanes: one per core this process may use (one per core wins:
 * measured, 2 threads on 2 cores serve more Python runs than 4), at most 8 (each Python worker holds ~120 MB).
 */
export const DEFAULT_WORKERS = Math.min(8, Math.max(1, availableParallelism()));
/**
 * Candidate runs that may wait beyond the free workers. A candidate has one run in flight at most, so this is a
 * class of 500 pressing Run at the same instant; each waiting run holds its code (≤ 100 kB) and an open request.
 */
export const DEFAULT_MAX_QUEUED = 500;
/** A candidate run expected to wait longer than this is refused at once (503.2, Retry-After) rather than held. */
export const DEFAULT_MAX_WAIT_MS = 30_000;
/** @deprecated Both lanes share the `workers`; kept for importers. */
export const DEFAULT_SCORING_WORKERS = 1;
/** Shares of worker time of the lanes when both wait. */
export const DEFAULT_LANE_WEIGHTS = { candidate: 1, scoring: 1 } as const;
/** What a run is expected to cost before any was measured: a warm Python run of a few cases and its reset. */
export const DEFAULT_RUN_COST_MS = 20;
/**
 * With `stopAfterTimeouts`, a case still running this long past its CPU budget (it ignored or caught the interrupt,
 * or is stuck in native code) ends the run: its worker is killed (the standby takes its place) instead of holding
 * the worker until the run's wall clock.
 */
export const CASE_KILL_GRACE_MS = 500;
/** A cancelled run whose worker has not stopped it within this is killed. */
export const CANCEL_KILL_MS = 500;

/**
 * QuickJS stack budget. About 11,000 frames of plain recursion, close to what Node allows, so ordinary
 * recursive solutions behave as candidates expect.
 */
export const QUICKJS_STACK_BYTES = 2 * MiB;
/**
 * Native thread stack of each worker. QuickJS's interpreter recurses on the real (V8) stack of the thread
 * that runs the WASM, and some paths (native callbacks such as Array#map, JSON) use ~16x more native stack than
 * QuickJS accounts for. Measured: with the 4 MiB default a 512 KiB QuickJS budget could overflow V8's stack
 * first, which throws out of the WASM and leaves that instance unusable. 32x headroom keeps QuickJS's own
 * "stack overflow" error the one candidates see; the worker still recovers if the host stack ever loses.
 */
export const WORKER_STACK_MB = 64;
/**
 * V8 heap of a worker: it only holds the QuickJS glue, case arguments and bounded results. The candidate's
 * memory lives in the WASM linear memory, which is not part of this heap.
 */
export const WORKER_HEAP_MB = 256;

/** The Emscripten build's INITIAL_MEMORY: the least linear memory QuickJS is instantiated with. */
export const WASM_INITIAL_BYTES = 16 * MiB;
const WASM_PAGE = 64 * KiB;
const WASM_MAX_PAGES = 32768;

/**
 * Hard cap of the WASM linear memory of one run. QuickJS's own malloc limit is not enough: this build has no
 * malloc_usable_size, so its accounting undercounts, and allocation patterns such as
 * `a.push('x'.repeat(1e6))` fragment the allocator until the linear memory reaches 2 GiB (measured: ~12 s,
 * uninterruptible). Capping the memory object makes malloc fail instead, in well under a second.
 * Twice the heap limit leaves room for fragmentation of honest programs.
 */
export function wasmMemoryMaxBytes(memoryBytes: number): number {
  const wanted = WASM_INITIAL_BYTES + 2 * memoryBytes;
  const pages = Math.min(WASM_MAX_PAGES, Math.ceil(wanted / WASM_PAGE));
  return pages * WASM_PAGE;
}

/**
 * How far a Python interpreter's WASM memory may grow beyond its size once ready (about 30 MiB). Python
 * boxes every value (a list of a million ints is ~40 MB), so it gets more room than QuickJS for the same
 * `memoryBytes`.
 */
export const PYTHON_MEMORY_FACTOR = 4;

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`Sandbox limit ${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

/** Limits fixed when the Sandbox is built; wallClockMs stays undefined when it is to be derived per run. */
export interface ConfiguredLimits {
  memoryBytes: number;
  cpuMsPerCase: number;
  wallClockMs: number | undefined;
  maxOutputBytes: number;
  maxLogBytes: number;
}

export function configureLimits(partial: Partial<SandboxLimits> = {}): ConfiguredLimits {
  const memoryBytes = positiveInteger('memoryBytes', partial.memoryBytes, DEFAULT_MEMORY_BYTES);
  if (memoryBytes < MiB) throw new RangeError('Sandbox limit memoryBytes must be at least 1 MiB');
  return {
    memoryBytes,
    cpuMsPerCase: positiveInteger('cpuMsPerCase', partial.cpuMsPerCase, DEFAULT_CPU_MS_PER_CASE),
    wallClockMs: partial.wallClockMs === undefined ? undefined : positiveInteger('wallClockMs', partial.wallClockMs, 0),
    maxOutputBytes: positiveInteger('maxOutputBytes', partial.maxOutputBytes, DEFAULT_MAX_OUTPUT_BYTES),
    maxLogBytes: positiveInteger('maxLogBytes', partial.maxLogBytes, DEFAULT_MAX_LOG_BYTES),
  };
}

export function limitsForRun(configured: ConfiguredLimits, caseCount: number): SandboxLimits {
  return {
    memoryBytes: configured.memoryBytes,
    cpuMsPerCase: configured.cpuMsPerCase,
    wallClockMs: configured.wallClockMs ?? configured.cpuMsPerCase * caseCount + WALL_CLOCK_SLACK_MS,
    maxOutputBytes: configured.maxOutputBytes,
    maxLogBytes: configured.maxLogBytes,
  };
}
