import { readFileSync } from 'node:fs';
import type { CaseResult, RunOutcome, RunRequest } from '../src/index.js';
import type { Sandbox } from '../src/index.js';

/** Extra time a killed or limited run may take beyond its wall clock (thread scheduling, message passing). */
export const WALL_CLOCK_SLACK_MS = 1500;

export async function timed(sandbox: Sandbox, request: RunRequest): Promise<{ outcome: RunOutcome; ms: number }> {
  const started = performance.now();
  const outcome = await sandbox.run(request);
  return { outcome, ms: performance.now() - started };
}

/** OS threads of this process: each worker thread is one, so this shows whether workers really exited. */
export function threadCount(): number {
  const match = /^Threads:\s+(\d+)$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  if (!match?.[1]) throw new Error('cannot read the thread count from /proc/self/status');
  return Number(match[1]);
}

export async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (predicate()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return predicate();
}

export const ADD = 'function add(a, b) { return a + b; }';

/**
 * Observes how a promise settles without leaving a rejection unhandled while the test is still busy
 * (close() rejects runs before the test gets to await them).
 */
export function settled(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'resolved',
    (error: unknown) => `rejected: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/** A result without its timing (which varies run to run), for exact comparisons. */
export function verdict(result: CaseResult | undefined): Omit<CaseResult, 'timeMs'> | undefined {
  if (result === undefined) return undefined;
  const { timeMs: _timeMs, ...rest } = result;
  return rest;
}

export function verdicts(results: readonly CaseResult[]): (Omit<CaseResult, 'timeMs'> | undefined)[] {
  return results.map(verdict);
}

/** A cold Python start (no snapshot yet in this process) takes seconds on a busy machine; hooks get this long. */
export const PYTHON_START_MS = 120_000;

/** Runs `python` against one case and returns its result; `expected` defaults to a value no probe returns. */
export async function runPython(sandbox: Sandbox, code: string, args: unknown[] = [], expected: unknown = '\u0000never') {
  const { results } = await sandbox.run({ language: 'python', code, functionName: 'f', cases: [{ args, expected }] });
  const [result] = results;
  if (!result) throw new Error('no result');
  return result;
}
