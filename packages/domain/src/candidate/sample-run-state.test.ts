import { describe, expect, it } from 'vitest';
import { moveSampleRun, newSampleRun, type SampleRunEvent } from './sample-run-state.js';
import { RunPhase, runPhaseOf, RunStep } from './run-phase.js';
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

describe('a run that tells its steps (decision 1045)', () => {
  const preparing = runPhaseOf({ step: 'preparing', what: 'the C++ compiler' });
  const compiling = runPhaseOf({ step: 'compiling' });

  it('says each step in words', () => {
    expect(preparing).toEqual({ step: 'preparing', what: 'the C++ compiler', text: 'Preparing the C++ compiler…' });
    expect(compiling).toEqual({ step: 'compiling', text: 'Compiling…' });
    expect(runPhaseOf({ step: 'running', case: 3, of: 5 })).toEqual({ step: 'running', case: 3, of: 5, text: 'Running 3 of 5…' });
    expect(runPhaseOf({ step: 'running', of: 1 }).text).toBe('Running 1 test…');
    expect(runPhaseOf({ step: 'running', of: 4 }).text).toBe('Running 4 tests…');
  });

  it('one RunPhase on the wire: the words the server puts, and a step the schema refuses (decisions 1045, 1106)', () => {
    expect(RunPhase.parse(runPhaseOf({ step: 'running', case: 2, of: 3 }))).toEqual({ step: 'running', case: 2, of: 3, text: 'Running 2 of 3…' });
    expect(RunPhase.safeParse({ step: 'compiling' }).success).toBe(false);
    expect(RunPhase.safeParse({ step: 'preparing', what: '', text: 'Preparing …' }).success).toBe(false);
    expect(RunStep.safeParse({ step: 'running', of: 0 }).success).toBe(false);
  });

  it('a step starts a queued run and moves a running one on; the same step again changes nothing', () => {
    const started = move(queued, { type: 'phase', phase: preparing });
    expect(started).toEqual({ runId: 'run-1', questionId: 7, kind: 'samples', version: 1, state: 'running', phase: preparing });
    const running = move(queued, { type: 'placed', ahead: 0, etaMs: 0 });
    const compilingRun = move(running, { type: 'phase', phase: compiling });
    expect(compilingRun).toMatchObject({ state: 'running', phase: compiling, version: 2 });
    expect(moveSampleRun(compilingRun, { type: 'phase', phase: runPhaseOf({ step: 'compiling' }) }).val).toBe(compilingRun);
    // A late place after a step is old news too.
    expect(moveSampleRun(compilingRun, { type: 'placed', ahead: 2, etaMs: 5 }).val).toBe(compilingRun);
    expect(move(compilingRun, { type: 'finished', results: [] })).toMatchObject({ state: 'done', version: 3 });
  });

  it('a step of a finished run is late news, refused for the caller to drop', () => {
    for (const finished of [move(queued, { type: 'finished', results: [] }), move(queued, { type: 'failed', message: 'x' }), move(queued, { type: 'cancel' })])
      expect(moveSampleRun(finished, { type: 'phase', phase: compiling }).err?.kind).toBe('sample-run-finished');
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
