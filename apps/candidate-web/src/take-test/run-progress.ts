import type { RunPhase, SampleRun } from '@assay/domain/candidate';
import { languageProfile, type LanguageId } from '@assay/domain/languages';
import { languageName } from './languages.js';

/**
 * What the page says while a run is on its way. Pure. The visible line follows every change (its place in
 * the queue); screen readers hear only when the run starts waiting, when it starts after waiting, and when
 * the page waits out a refusal: never each place in the queue.
 */

/** A wait is worth saying in seconds from this long on. */
const SAY_SECONDS_FROM_MS = 1_500;
/** A run without a phase this long is told why a first run of a native language can take a while (decision 1106). */
const EXPLAIN_FROM_MS = 6_000;

/** Where a run is, as the page saw it: the run, how long it has been running on the page's clock, and its language. */
export interface RunProgress {
  readonly run: SampleRun;
  readonly runningMs: number;
  readonly language: LanguageId;
}

const seconds = (ms: number): string => (ms >= SAY_SECONDS_FROM_MS ? ` ${Math.floor(ms / 1000)} s` : '');

/** The step a running run is at, when its engine tells it: "Preparing the C++ compiler…", "Compiling…", "Running case 3 of 5…". */
export function phaseLine(phase: RunPhase, runningMs: number): string {
  switch (phase.step) {
    case 'preparing':
      return `Preparing ${phase.what} (first run on this server)…${seconds(runningMs)}`;
    case 'compiling':
      return `Compiling…${seconds(runningMs)}`;
    case 'running':
      return phase.case === undefined
        ? `Running ${phase.of === 1 ? '1 case' : `${phase.of} cases`}…${seconds(runningMs)}`
        : `Running case ${phase.case} of ${phase.of}…`;
  }
}

/**
 * The visible line beside the Run buttons: "Queued (3 ahead, about 2 s)"; the running run's step when its engine
 * tells one, else "Running… 7 s" — and past a few seconds in a native language, why a first run takes longer;
 * empty once it ended.
 */
export function progressLine({ run, runningMs, language }: RunProgress): string {
  switch (run.state) {
    case 'queued':
      return `Queued (${run.ahead} ahead${run.etaMs >= SAY_SECONDS_FROM_MS ? `, about ${Math.round(run.etaMs / 1000)} s` : ''})`;
    case 'running': {
      if (run.phase) return phaseLine(run.phase, runningMs);
      const line = `Running…${seconds(runningMs)}`;
      if (runningMs < EXPLAIN_FROM_MS || languageProfile(language).runtime !== 'native') return line;
      return `${line}. The first ${languageName(language)} run on a server also prepares its compiler or runtime, which can take half a minute.`;
    }
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
  if (/^(Running|Preparing|Compiling)/.test(line)) return 'Running…';
  if (line === '' || line.startsWith('Starting')) return 'Starting…';
  return 'Waiting…';
}

/**
 * What a screen reader is told as the run moves from `before` (null: just started) to `after`; null: nothing. Of the
 * steps only the long one is said (preparing a compiler), once; compiling and each case are not.
 */
export function runNews(before: SampleRun | null, after: SampleRun): string | null {
  if (after.state === 'queued' && before?.state !== 'queued') return `Queued (${after.ahead} ahead).`;
  if (after.state !== 'running') return null;
  const wasPreparing = before?.state === 'running' && before.phase?.step === 'preparing';
  if (after.phase?.step === 'preparing' && !wasPreparing) return `Preparing ${after.phase.what}: the first run on this server takes longer.`;
  if (before?.state === 'queued') return 'Running.';
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
