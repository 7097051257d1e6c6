/**
 * How long waiting runs will wait, from the real queue: the order the scheduler would start them in, what each is
 * expected to cost (measured run times), and when each worker is expected to be free. Pure: the pool passes in
 * what it knows, including the time.
 */

/**
 * When each run (costs in start order) starts, in ms from now, if each goes to the soonest free worker (list
 * scheduling). `freeInMs` has one entry per worker: 0 for one free (or about to be).
 */
export function startTimes(costs: readonly number[], freeInMs: readonly number[]): number[] {
  const free = freeInMs.length > 0 ? [...freeInMs] : [0];
  return costs.map((cost) => {
    let soonest = 0;
    for (let worker = 1; worker < free.length; worker += 1) if (free[worker]! < free[soonest]!) soonest = worker;
    const start = free[soonest]!;
    free[soonest] = start + cost;
    return start;
  });
}

/**
 * How much longer a running run is expected to take. Before its estimate it is the rest of it; past it, nothing
 * measured says more, so as long again as it has already run (a run that has gone on for a while tends to go on:
 * a loop runs to its limit), never beyond its wall clock.
 */
export function remainingMs(estimateMs: number, elapsedMs: number, untilDeadlineMs: number): number {
  const left = elapsedMs < estimateMs ? estimateMs - elapsedMs : elapsedMs;
  return Math.max(0, Math.min(left, untilDeadlineMs));
}

/**
 * A bound no run can start after, without ordering the queue: every worker stays busy until the run starts, so
 * at worst all the work waiting and running is done first, shared by the workers.
 */
export function latestStartMs(waitingCosts: number, runningRemaining: readonly number[], workers: number): number {
  const running = runningRemaining.reduce((sum, ms) => sum + ms, 0);
  return (waitingCosts + running) / Math.max(1, workers);
}
