import { match } from 'ts-pattern';
import { ok, refuse, type Result } from '../result.js';
import type { RunPhase } from './run-phase.js';
import type { CustomRunResult, SampleRun } from './sample-runs.js';
import type { TestCaseResult } from './candidate-api-runs.js';
import type { CompileErrors } from './compile-errors.js';

/**
 * What happens to a sample run: the scheduler places it (`ahead` 0: it starts), it reaches a step, it finishes with its
 * results, the sandbox fails it, or the candidate cancels it.
 */
export type SampleRunEvent =
  | { readonly type: 'placed'; readonly ahead: number; readonly etaMs: number }
  | { readonly type: 'finished'; readonly results?: TestCaseResult[]; readonly custom?: CustomRunResult; readonly compileErrors?: CompileErrors }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'cancel' }
  /** The run reached a step (preparing a shared compiler, compiling, running): it has started. */
  | { readonly type: 'phase'; readonly phase: RunPhase };

const ALREADY_FINISHED = 'This run has already finished: its results stand.';

/**
 * The run after `event`, its version one up when it changed (the same object when nothing changed, so no
 * waiter is woken for nothing). A finished run changes no more: cancelling a cancelled run is the same run,
 * cancelling a done or failed one is `409.2`, and late news of one (a run cancelled while running, still
 * finishing in the sandbox) is refused the same way, for the caller to drop.
 */
export const moveSampleRun = (run: SampleRun, event: SampleRunEvent): Result<SampleRun> => {
  const base = { runId: run.runId, questionId: run.questionId, kind: run.kind, version: run.version + 1 };
  return (
    match([run, event] as const)
      .returnType<Result<SampleRun>>()
      .with([{ state: 'queued' }, { type: 'placed' }], ([queued, placed]) => {
        if (placed.ahead <= 0) return ok({ ...base, state: 'running' });
        const etaMs = Math.max(0, Math.round(placed.etaMs));
        if (queued.ahead === placed.ahead && queued.etaMs === etaMs) return ok(run);
        return ok({ ...base, state: 'queued', ahead: placed.ahead, etaMs });
      })
      // Once started a run is never queued again: a late place is old news.
      .with([{ state: 'running' }, { type: 'placed' }], () => ok(run))
      .with([{ state: 'queued' }, { type: 'phase' }], [{ state: 'running' }, { type: 'phase' }], ([current, { phase }]) =>
        current.state === 'running' && current.phase?.text === phase.text ? ok(run) : ok({ ...base, state: 'running', phase }),
      )
      .with([{ state: 'queued' }, { type: 'finished' }], [{ state: 'running' }, { type: 'finished' }], ([, finished]) =>
        ok({
          ...base,
          state: 'done',
          ...(finished.results !== undefined ? { results: finished.results } : {}),
          ...(finished.custom !== undefined ? { custom: finished.custom } : {}),
          ...(finished.compileErrors !== undefined ? { compileErrors: finished.compileErrors } : {}),
        }),
      )
      .with([{ state: 'queued' }, { type: 'failed' }], [{ state: 'running' }, { type: 'failed' }], ([, failed]) =>
        ok({ ...base, state: 'failed', message: failed.message }),
      )
      .with([{ state: 'queued' }, { type: 'cancel' }], [{ state: 'running' }, { type: 'cancel' }], () => ok({ ...base, state: 'cancelled' }))
      .with([{ state: 'cancelled' }, { type: 'cancel' }], () => ok(run))
      .with([{ state: 'done' }, { type: 'cancel' }], [{ state: 'failed' }, { type: 'cancel' }], () => refuse('sample-run-finished', ALREADY_FINISHED))
      .with(
        [{ state: 'done' }, { type: 'placed' }],
        [{ state: 'done' }, { type: 'finished' }],
        [{ state: 'done' }, { type: 'failed' }],
        [{ state: 'failed' }, { type: 'placed' }],
        [{ state: 'failed' }, { type: 'finished' }],
        [{ state: 'failed' }, { type: 'failed' }],
        [{ state: 'cancelled' }, { type: 'placed' }],
        [{ state: 'cancelled' }, { type: 'finished' }],
        [{ state: 'cancelled' }, { type: 'failed' }],
        [{ state: 'done' }, { type: 'phase' }],
        [{ state: 'failed' }, { type: 'phase' }],
        [{ state: 'cancelled' }, { type: 'phase' }],
        () => refuse('sample-run-finished', ALREADY_FINISHED),
      )
      .exhaustive()
  );
};

/** A run just accepted: queued until the scheduler says where (`ahead` 1 until then: at least the run it waits for). */
export const newSampleRun = (runId: string, questionId: number, kind: SampleRun['kind']): SampleRun => ({
  runId,
  questionId,
  kind,
  version: 0,
  state: 'queued',
  ahead: 1,
  etaMs: 0,
});
