import { ok, refuse, type Result } from '../result.js';

/** At most `runs` sample runs may start in any `windowMs` (a sliding window), per candidate token. */
export interface RunBudget {
  readonly runs: number;
  readonly windowMs: number;
}

/** One every 10 s on average, in bursts of up to 30: far above honest use, a cap on a looping candidate. */
export const DEFAULT_RUN_BUDGET: RunBudget = { runs: 30, windowMs: 5 * 60_000 };

/** What is known of one token's sample runs when it asks for another. */
export interface SampleRunHistory {
  /** A run of this token is still queued or running. */
  readonly running: boolean;
  /** When its earlier runs started, oldest first; runs older than the window no longer matter. */
  readonly startedAt: readonly number[];
}

/** Runs that still count against the budget at `now`. */
export const countedRuns = (startedAt: readonly number[], budget: RunBudget, now: number): readonly number[] =>
  startedAt.filter((at) => at > now - budget.windowMs && at <= now);

/**
 * Milliseconds until the budget admits another run: 0 when it does now, else until the oldest counted run
 * leaves the window.
 */
export const runBudgetRetryAfterMs = (startedAt: readonly number[], budget: RunBudget, now: number): number => {
  const counted = countedRuns(startedAt, budget, now);
  if (counted.length < budget.runs) return 0;
  // The window must slide past enough runs to leave room for one more.
  const freeing = counted[counted.length - budget.runs]!;
  return freeing + budget.windowMs - now;
};

/**
 * May this token start a sample run now? One at a time (`429.2`: a second run could only queue behind the
 * first and hold a place another candidate needs), and within the budget (`429.3`). Admitted, the answer is
 * the start times to remember once the run has run: the counted ones and this one.
 */
export const admitSampleRun = (history: SampleRunHistory, budget: RunBudget, now: number): Result<readonly number[]> => {
  if (history.running) return refuse('sample-run-in-progress', 'Your previous sample run is still running: wait for its results, then run again.');
  const waitMs = runBudgetRetryAfterMs(history.startedAt, budget, now);
  if (waitMs > 0) {
    return refuse(
      'sample-run-budget-used',
      `You can run the sample tests ${budget.runs} times in ${spanOf(budget.windowMs)}: try again in ${Math.ceil(waitMs / 1000)} s.`,
    );
  }
  return ok([...countedRuns(history.startedAt, budget, now), now]);
};

const spanOf = (ms: number): string => {
  if (ms % 60_000 === 0) return ms === 60_000 ? 'a minute' : `${ms / 60_000} minutes`;
  return `${Math.ceil(ms / 1000)} s`;
};
