import type { FinishReason } from './finish-views.js';

/** Why the page submits: the candidate asked, or the time ran out. */
export type SubmitReason = 'submitted' | 'timeUp';

/**
 * Where the take-test page is. One value at a time; every question about it is one exhaustive switch (a
 * typed switch rather than ts-pattern: the page's bundle is paid for by every candidate).
 */
export type Phase =
  | { kind: 'loading' }
  /** The session could not be loaded: the error view. */
  | { kind: 'failed' }
  | { kind: 'landing' }
  | { kind: 'starting' }
  | { kind: 'running' }
  /** Running, and asking the server whether the attempt still runs (after an absence, a refusal, back online). */
  | { kind: 'refreshing' }
  /** Sending what is unsaved, then the submit; on time-up this goes on until the server answers. */
  | { kind: 'submitting'; reason: SubmitReason }
  | { kind: 'finished'; reason: FinishReason }
  | { kind: 'cancelled' };

/**
 * What the page may do: start the attempt (from the landing), take an edit, ask the server again, submit, run
 * the countdown, show the end. While submitting only the countdown runs and the end may come (from the
 * submit, or from a refresh already on its way); once the end shows nothing more happens.
 */
export type PageAction = 'start' | 'answer' | 'refresh' | 'submit' | 'tick' | 'finish';

export function allows(phase: Phase, action: PageAction): boolean {
  switch (phase.kind) {
    case 'landing':
      return action === 'start';
    case 'running':
      return action !== 'start';
    case 'refreshing':
      return action !== 'start' && action !== 'refresh';
    case 'submitting':
      return action === 'tick' || action === 'finish';
    case 'loading':
    case 'failed':
    case 'starting':
    case 'finished':
    case 'cancelled':
      return false;
    default:
      return unreachable(phase);
  }
}

/** A switch that misses a case does not compile: `value` is then not `never`. */
export function unreachable(value: never): never {
  throw new Error(`Unexpected ${JSON.stringify(value)}`);
}
