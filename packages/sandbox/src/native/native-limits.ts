import { WALL_CLOCK_SLACK_MS } from '../limits.js';
import type { SandboxLimits } from '../types.js';
import type { JailLimits } from './jail-spec.js';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The compile step of a native run (decision 675): 10 s of CPU (a cold javac is ~1.7 s of CPU, g++ with <iostream>
 * ~0.75 s; ten times that is still an honest program) and a wall clock twice as long, so that a busy server's wait
 * for the processor is not counted as the code's cost (decision 1044), 512 MiB (javac and rustc are memory-hungry),
 * 64 processes (compiler drivers fork cc1/as/ld), 64 MiB files, 1 MiB of diagnostics.
 */
export const COMPILE_LIMITS: JailLimits = {
  cpuMs: 10_000,
  wallMs: 20_000,
  memoryBytes: 512 * MiB,
  processes: 64,
  openFiles: 256,
  fileBytes: 64 * MiB,
  outputBytes: 1 * MiB,
};

/** What a language runtime needs beyond the candidate's own memory (a JVM, the Mono or Go runtime). */
export const NATIVE_RUNTIME_BYTES = 256 * MiB;
/** Room for the results file and markers, beyond each case's log and returned value. */
const OUTPUT_SLACK_BYTES = 64 * KiB;

/**
 * The run step: one process answers every case, so its wall clock is the run's (`wallClockMs`, by default
 * cpuMsPerCase × cases + WALL_CLOCK_SLACK_MS) and its CPU time the same (RLIMIT_CPU is per process and counts
 * every thread: a JVM's few service threads must not turn an honest run into a kill). A looping answer is
 * therefore stopped after that bound, whatever `stopAfterTimeouts` says (decision 675).
 */
export function runLimitsOf(limits: SandboxLimits, cases: number): JailLimits {
  return {
    cpuMs: limits.wallClockMs,
    wallMs: limits.wallClockMs,
    memoryBytes: NATIVE_RUNTIME_BYTES + limits.memoryBytes,
    processes: 64,
    openFiles: 64,
    fileBytes: 16 * MiB,
    outputBytes: cases * (limits.maxOutputBytes + 2 * limits.maxLogBytes) + OUTPUT_SLACK_BYTES,
  };
}

/**
 * One stdio case (decision 1062): its program is a process of its own, so it is bounded as a one-case run is — its
 * CPU time and wall clock `cpuMsPerCase` + WALL_CLOCK_SLACK_MS (the start of a JVM or Mono is in the slack), never
 * more than the run's own `wallClockMs` — with the run's memory and one case's output. A stdio answer that sleeps or
 * loops holds a worker one case bound per case, not the run's whole wall clock per case.
 */
export function stdioCaseLimitsOf(limits: SandboxLimits): JailLimits {
  const caseMs = Math.min(limits.wallClockMs, limits.cpuMsPerCase + WALL_CLOCK_SLACK_MS);
  return { ...runLimitsOf(limits, 1), cpuMs: caseMs, wallMs: caseMs };
}

/** A module that never answers (a bug, a hung helper) is stopped after both steps' bounds and this much more. */
export const NATIVE_RUN_GRACE_MS = 5_000;

/** RLIMIT_AS for the steps of a runtime that reserves address space it never touches (decision 805): 16 GiB. */
export const RESERVED_ADDRESS_SPACE_BYTES = 16 * 1024 * MiB;

/** `limits` for a language whose runtime reserves address space: everything else as it was. */
export const withReservedAddressSpace = (limits: JailLimits): JailLimits => ({ ...limits, addressSpaceBytes: RESERVED_ADDRESS_SPACE_BYTES });
