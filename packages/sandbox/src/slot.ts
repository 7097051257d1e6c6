import type { RunStep } from '@assay/domain/candidate';
import type { SandboxLimits, RunOutcome } from './types.js';

/** A run handed to a slot: the prepared run of its engine family, its limits, and how to answer. */
export interface Job<R> {
  run: R;
  limits: SandboxLimits;
  /** Stop once this many cases exceeded their time limit (RunOptions.stopAfterTimeouts). */
  stopAfterTimeouts?: number | undefined;
  /** The engine is ready and the cases begin (a cold start before this is not the run's cost). */
  started?: () => void;
  /** Hears the steps of the run (RunOptions.onPhase). */
  phase?: ((phase: RunStep) => void) | undefined;
  resolve: (outcome: RunOutcome) => void;
  reject: (error: Error) => void;
}

export interface SlotEvents<R> {
  /** The slot is ready for (another) job. */
  idle(slot: Slot<R>): void;
  /** The slot is gone or being terminated; `startupError` is set when it died before ever being ready. */
  gone(slot: Slot<R>, exited: Promise<unknown>, startupError?: Error): void;
}

/**
 * Where one run at a time executes; the pool schedules slots through this alone, never knowing the engine
 * (decision 674). A worker thread (QuickJS, Pyodide), a jailed native process, an SQL engine.
 */
export interface Slot<R> {
  readonly available: boolean;
  start(job: Job<R>): void;
  /** Stops `job` if this slot runs it; the job then settles as usual. */
  cancel(job: Job<R>): void;
  /** Prepares these (a worker's interpreters, by engine) while idle; a slot that keeps nothing warm ignores it. */
  warm(prepare: readonly string[]): void;
  /** Ends the slot; a run in progress is rejected with `reason`. */
  terminate(reason: Error): Promise<unknown>;
  /** Hands the slot to a new owner (a standby taken by a pool). */
  adopt(events: SlotEvents<R>): void;
}
