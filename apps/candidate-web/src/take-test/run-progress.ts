import type { SampleRun } from '@assay/domain/candidate';

/**
 * What the page says while a run is on its way. Pure. The visible line follows every change (its place in
 * the queue); screen readers hear only when the run starts waiting, when it starts after waiting, and when
 * the page waits out a refusal: never each place in the queue.
 */

/** A wait is worth saying in seconds from this long on. */
const SAY_SECONDS_FROM_MS = 1_500;

/** The visible line beside the Run buttons: "Queued (3 ahead, about 2 s)", "Running…"; empty once it ended. */
export function progressLine(run: SampleRun): string {
  switch (run.state) {
    case 'queued':
      return `Queued (${run.ahead} ahead${run.etaMs >= SAY_SECONDS_FROM_MS ? `, about ${Math.round(run.etaMs / 1000)} s` : ''})`;
    case 'running':
      return 'Running…';
    default:
      return '';
  }
}

/**
 * What the busy Run button says beside the line (decision 671): the same state in a word — "Queued…" while the
 * line says "Queued (2 ahead)", never "Running…" before the run runs. Pure.
 */
export function runButtonLabel(line: string): string {
  if (line.startsWith('Queued')) return 'Queued…';
  if (line.startsWith('Running')) return 'Running…';
  if (line === '' || line.startsWith('Starting')) return 'Starting…';
  return 'Waiting…';
}

/** What a screen reader is told as the run moves from `before` (null: just started) to `after`; null: nothing. */
export function runNews(before: SampleRun | null, after: SampleRun): string | null {
  if (after.state === 'queued' && before?.state !== 'queued') return `Queued (${after.ahead} ahead).`;
  if (after.state === 'running' && before?.state === 'queued') return 'Running.';
  return null;
}

/** A refusal the page waits out before it starts the run again by itself. */
export interface RetryPlan {
  readonly delayMs: number;
  /** The visible line while it waits, by the seconds left. */
  line(secondsLeft: number): string;
  /** Said once to screen readers when the wait begins. */
  readonly news: string;
}

/** After this many refusals in a row the page stops and lets the candidate press Run again. */
export const MAX_AUTOMATIC_RETRIES = 20;
const LONGEST_WAIT_MS = 30_000;

/**
 * Whether (and how long) to wait out a refusal of a new run: a full queue or a busy server (503, and the
 * attempt's request limit 429.1) for its Retry-After; the candidate's previous run still ending (429.2: a run
 * just cancelled that the sandbox is stopping, a run of another question) for a second. Anything else (the
 * run budget 429.3, the test being over) is said to the candidate instead.
 */
export function retryPlan(refusal: { statuscode: string | null; retryAfterMs: number | undefined }, retriesMade: number): RetryPlan | null {
  if (retriesMade >= MAX_AUTOMATIC_RETRIES) return null;
  if (refusal.statuscode === '429.2') {
    return { delayMs: 1_000, line: () => 'Waiting for your previous run to end…', news: 'Waiting for your previous run to end.' };
  }
  const busy = refusal.statuscode === '429.1' || refusal.statuscode?.startsWith('503.');
  if (!busy) return null;
  const delayMs = Math.min(LONGEST_WAIT_MS, Math.max(1_000, refusal.retryAfterMs ?? 2_000));
  return {
    delayMs,
    line: (secondsLeft) => `The server is busy: trying again in ${secondsLeft} s`,
    news: `The server is busy. Your run starts again by itself in ${Math.ceil(delayMs / 1000)} seconds.`,
  };
}
