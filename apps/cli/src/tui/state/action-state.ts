import { match, P } from 'ts-pattern';
import type { Failure } from '../../errors.js';
import type { CheckedUrl } from '../../format/checked-url.js';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';

/**
 * One change the user asks for (cancel, reattempt, a status toggle): optionally confirmed first, then run,
 * then its outcome shown until dismissed. Generic over the action. `runs` counts the runs started, so each
 * run is a new request even when the same action is repeated.
 */
export type ActionState<A> =
  | { phase: 'idle'; runs: number }
  | { phase: 'confirming'; runs: number; action: A }
  | { phase: 'running'; runs: number; action: A }
  | { phase: 'done'; runs: number; action: A; message: string; outcome: Outcome }
  | { phase: 'failed'; runs: number; action: A; failure: Failure };

/** What a done action hands over: a URL to send on (a reattempt's new take-test URL), and whether it was copied. */
/** A URL handed over, and whether the server emailed it to the candidate itself (`emailed`: decision 781). */
export type Outcome = { url: CheckedUrl; copied: boolean; emailed?: boolean } | null;

export type ActionEvent<A> =
  | { type: 'ask'; action: A; confirm: boolean }
  /** `action`: the confirmation's other answer, run instead (e.g. a cancel that also emails the candidate). */
  | { type: 'confirm'; action?: A }
  | { type: 'dismiss' }
  | { type: 'succeeded'; message: string; url?: CheckedUrl; emailed?: boolean }
  | { type: 'failed'; failure: Failure }
  | { type: 'copied' };

export const idleAction = <A>(): ActionState<A> => ({ phase: 'idle', runs: 0 });

export const actionReducer = <A>(state: ActionState<A>, event: ActionEvent<A>): ActionState<A> =>
  match<[ActionState<A>, ActionEvent<A>], ActionState<A>>([state, event])
    .with(
      [{ phase: 'idle' }, { type: 'ask' }],
      [{ phase: 'done' }, { type: 'ask' }],
      [{ phase: 'failed' }, { type: 'ask' }],
      ([{ runs }, { action, confirm }]) => (confirm ? { phase: 'confirming', runs, action } : { phase: 'running', runs: runs + 1, action }),
    )
    .with([{ phase: 'confirming' }, { type: 'ask' }], [{ phase: 'running' }, { type: 'ask' }], ([current]) => current)
    .with([{ phase: 'confirming' }, { type: 'confirm' }], ([{ runs, action }, confirmed]) => ({
      phase: 'running',
      runs: runs + 1,
      action: confirmed.action ?? action,
    }))
    .with(
      [{ phase: 'idle' }, { type: 'confirm' }],
      [{ phase: 'running' }, { type: 'confirm' }],
      [{ phase: 'done' }, { type: 'confirm' }],
      [{ phase: 'failed' }, { type: 'confirm' }],
      ([current]) => current,
    )
    .with(
      [{ phase: 'confirming' }, { type: 'dismiss' }],
      [{ phase: 'done' }, { type: 'dismiss' }],
      [{ phase: 'failed' }, { type: 'dismiss' }],
      ([{ runs }]) => ({
        phase: 'idle',
        runs,
      }),
    )
    // A call already sent cannot be taken back: its outcome will be shown.
    .with([{ phase: 'idle' }, { type: 'dismiss' }], [{ phase: 'running' }, { type: 'dismiss' }], ([current]) => current)
    .with([{ phase: 'running' }, { type: 'succeeded' }], ([{ runs, action }, { message, url, emailed }]) => ({
      phase: 'done',
      runs,
      action,
      message,
      outcome: url ? { url, copied: false, ...(emailed ? { emailed } : {}) } : null,
    }))
    .with([{ phase: 'done' }, { type: 'copied' }], ([current]) => (current.outcome ? { ...current, outcome: { ...current.outcome, copied: true } } : current))
    .with(
      [{ phase: 'idle' }, { type: 'copied' }],
      [{ phase: 'confirming' }, { type: 'copied' }],
      [{ phase: 'running' }, { type: 'copied' }],
      [{ phase: 'failed' }, { type: 'copied' }],
      ([current]) => current,
    )
    .with([{ phase: 'running' }, { type: 'failed' }], ([{ runs, action }, { failure }]) => ({ phase: 'failed', runs, action, failure }))
    .with(
      [{ phase: 'idle' }, { type: 'succeeded' }],
      [{ phase: 'confirming' }, { type: 'succeeded' }],
      [{ phase: 'done' }, { type: 'succeeded' }],
      [{ phase: 'failed' }, { type: 'succeeded' }],
      [{ phase: 'idle' }, { type: 'failed' }],
      [{ phase: 'confirming' }, { type: 'failed' }],
      [{ phase: 'done' }, { type: 'failed' }],
      [{ phase: 'failed' }, { type: 'failed' }],
      ([current]) => current,
    )
    .exhaustive();

export const actionCallKey = (state: ActionState<unknown>): string | null => (state.phase === 'running' ? `run#${state.runs}` : null);

/**
 * The keys of a confirmation: y runs, n or Esc dismisses, every other key waits for an answer. A shown
 * outcome is cleared by the next key, which then does what it does; one that hands over a URL keeps it on
 * screen for `c`, which copies it.
 */
export const actionKeys = <A>(state: ActionState<A>, stroke: Keystroke): KeyDecision<ActionEvent<A>, { copy: CheckedUrl }> =>
  match<[ActionState<A>['phase'], Keystroke], KeyDecision<ActionEvent<A>, { copy: CheckedUrl }>>([state.phase, stroke])
    .with(['done', typed('c')], () =>
      state.phase === 'done' && state.outcome
        ? effect<{ copy: CheckedUrl }, ActionEvent<A>>({ copy: state.outcome.url }, { type: 'copied' })
        : passed({ type: 'dismiss' }),
    )
    .with(['confirming', typed('y')], () => taken({ type: 'confirm' }))
    .with(['confirming', P.union(typed('n'), pressed('escape'))], () => taken({ type: 'dismiss' }))
    .with(['confirming', P._], () => taken())
    .with(['done', P._], ['failed', P._], () => passed({ type: 'dismiss' }))
    .with(['idle', P._], ['running', P._], () => passed())
    .exhaustive();
