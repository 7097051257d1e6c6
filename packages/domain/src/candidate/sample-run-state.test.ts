import { describe, expect, it } from 'vitest';
import { moveSampleRun, newSampleRun, type SampleRunEvent } from './sample-run-state.js';
import { isFinished, type SampleRun, StartRunInput } from './sample-runs.js';

const queued = newSampleRun('run-1', 7, 'samples');
const move = (run: SampleRun, ...events: SampleRunEvent[]): SampleRun =>
  events.reduce((current, event) => {
    const next = moveSampleRun(current, event);
    if (next.err) throw new Error(next.err.message);
    return next.val;
  }, run);

describe('moveSampleRun', () => {
  it('follows a run through its places to its start and its results, one version per change', () => {
    const third = move(queued, { type: 'placed', ahead: 3, etaMs: 40.4 });
    expect(third).toMatchObject({ state: 'queued', ahead: 3, etaMs: 40, version: 1 });
    const first = move(third, { type: 'placed', ahead: 1, etaMs: 12 });
    expect(first).toMatchObject({ state: 'queued', ahead: 1, version: 2 });
    const running = move(first, { type: 'placed', ahead: 0, etaMs: 0 });
    expect(running).toEqual({ runId: 'run-1', questionId: 7, kind: 'samples', version: 3, state: 'running' });
    const results = [{ passed: true, args: [1], expected: 1, actual: 1 }];
    const done = move(running, { type: 'finished', results });
    expect(done).toEqual({ runId: 'run-1', questionId: 7, kind: 'samples', version: 4, state: 'done', results });
    expect(isFinished(done)).toBe(true);
  });

  it('keeps every compile error of a program that did not build with its results (decision 1104)', () => {
    const compileErrors = [
      { message: "';' expected", line: 3, column: 14 },
      { message: 'cannot find symbol', line: 7 },
    ];
    const results = [{ passed: false, args: [1], expected: 1, error: "Compile error: ';' expected", errorLocation: { line: 3, column: 14 } }];
    expect(move(queued, { type: 'finished', results, compileErrors })).toMatchObject({ state: 'done', results, compileErrors });
  });

  it('answers the same run when nothing changed: no waiter is woken for nothing', () => {
    const placed = move(queued, { type: 'placed', ahead: 2, etaMs: 10 });
    expect(moveSampleRun(placed, { type: 'placed', ahead: 2, etaMs: 10 }).val).toBe(placed);
    const running = move(placed, { type: 'placed', ahead: 0, etaMs: 0 });
    // Once started a run is never queued again.
    expect(moveSampleRun(running, { type: 'placed', ahead: 4, etaMs: 10 }).val).toBe(running);
  });

  it('cancels a queued or running run; cancelling it again is the same run', () => {
    const cancelled = move(queued, { type: 'cancel' });
    expect(cancelled).toMatchObject({ state: 'cancelled', version: 1 });
    expect(moveSampleRun(cancelled, { type: 'cancel' }).val).toBe(cancelled);
    expect(move(queued, { type: 'placed', ahead: 0, etaMs: 0 }, { type: 'cancel' })).toMatchObject({ state: 'cancelled' });
  });

  it('refuses to cancel a finished run (409.2), and drops late news of a cancelled one', () => {
    const done = move(queued, { type: 'finished', custom: { args: [], actual: 1 } });
    expect(moveSampleRun(done, { type: 'cancel' }).err?.kind).toBe('sample-run-finished');
    const failed = move(queued, { type: 'failed', message: 'Sandbox workers fail to start' });
    expect(failed).toMatchObject({ state: 'failed', message: 'Sandbox workers fail to start' });
    expect(moveSampleRun(failed, { type: 'cancel' }).err?.kind).toBe('sample-run-finished');
    const cancelled = move(queued, { type: 'cancel' });
    expect(moveSampleRun(cancelled, { type: 'finished', results: [] }).err?.kind).toBe('sample-run-finished');
    expect(moveSampleRun(cancelled, { type: 'placed', ahead: 0, etaMs: 0 }).err?.kind).toBe('sample-run-finished');
  });
});

describe('StartRunInput', () => {
  it('takes sample runs and custom-input runs, and refuses more arguments than a test case has', () => {
    expect(StartRunInput.safeParse({ questionId: 1, code: 'x' }).success).toBe(true);
    expect(StartRunInput.safeParse({ questionId: 1, code: 'x', language: 'python', customArgs: [null, 'a', [1], { k: true }] }).success).toBe(true);
    expect(StartRunInput.safeParse({ questionId: 1, code: 'x', customArgs: Array.from({ length: 21 }, () => 1) }).error?.issues[0]?.message).toBe(
      'customArgs may hold at most 20 arguments',
    );
    expect(StartRunInput.safeParse({ questionId: 1, code: 'x', expected: 3 }).success).toBe(false);
  });
});
