import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { isFinished, moveSampleRun, newSampleRun, type Result, type SampleRun, type SampleRunEvent } from '@assay/domain';

/** How long a finished run can still be read: the page reads it at once; this covers a dropped connection. */
export const FINISHED_RUN_TTL_MS = 10 * 60_000;
/** Finished runs kept at most, by the size of their JSON (results carry output and tracebacks: up to ~160 KB each). */
const FINISHED_RUNS_MAX_BYTES = 32 * 1024 * 1024;

/** One run, as the process that took it knows it. */
export interface TrackedRun {
  readonly token: string;
  run: SampleRun;
  /** Aborted when the run is cancelled: the sandbox drops it from its queue (or stops it). */
  readonly controller: AbortController;
  readonly waiters: Set<() => void>;
}

/**
 * The sample runs this process took, by id, for the token that started each. Runs in flight are bounded by
 * the sample-run gate (one per token, admitted only while the candidate lane has room); finished ones are
 * kept for FINISHED_RUN_TTL_MS, within FINISHED_RUNS_MAX_BYTES. In memory, like the sandbox that runs them:
 * another process does not know a run (404.11), a restart forgets it.
 */
export class SampleRunRegistry {
  readonly #inFlight = new Map<string, TrackedRun>();
  readonly #finished = new LRUCache<string, TrackedRun>({
    maxSize: FINISHED_RUNS_MAX_BYTES,
    sizeCalculation: (tracked) => Math.max(1, JSON.stringify(tracked.run).length),
    ttl: FINISHED_RUN_TTL_MS,
  });
  #closed = false;

  /** A new run of `token`, queued until the scheduler places it. */
  open(token: string, questionId: number, kind: SampleRun['kind']): TrackedRun {
    // 128 random bits: a run id cannot be guessed, though only its own token can read it anyway.
    const runId = randomBytes(16).toString('base64url');
    const tracked: TrackedRun = { token, run: newSampleRun(runId, questionId, kind), controller: new AbortController(), waiters: new Set() };
    this.#inFlight.set(runId, tracked);
    return tracked;
  }

  /** Forgets a run that was never accepted (refused at the door): nobody has its id. */
  drop(tracked: TrackedRun): void {
    this.#inFlight.delete(tracked.run.runId);
  }

  /** The run `runId` of `token`; another token's run is not found, like an unknown one. */
  find(token: string, runId: string): TrackedRun | undefined {
    const tracked = this.#inFlight.get(runId) ?? this.#finished.get(runId);
    return tracked?.token === token ? tracked : undefined;
  }

  /** Applies `event` (the domain decides); a change wakes the run's waiters, a finish files it with the finished runs. */
  apply(tracked: TrackedRun, event: SampleRunEvent): Result<SampleRun> {
    const moved = moveSampleRun(tracked.run, event);
    if (moved.err || moved.val === tracked.run) return moved;
    tracked.run = moved.val;
    if (isFinished(moved.val)) {
      this.#inFlight.delete(moved.val.runId);
      this.#finished.set(moved.val.runId, tracked);
    }
    this.#wake(tracked);
    return moved;
  }

  /**
   * The run once it is past version `since` (or finished), or as it is after `waitMs`, or when `signal` aborts
   * (the client went away, the server closes).
   */
  changed(tracked: TrackedRun, since: number, waitMs: number, signal?: AbortSignal): Promise<SampleRun> {
    if (this.#closed || tracked.run.version > since || isFinished(tracked.run) || waitMs <= 0 || signal?.aborted) return Promise.resolve(tracked.run);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        tracked.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve(tracked.run);
      };
      const timer = setTimeout(done, waitMs);
      tracked.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Answers every waiting request now, and any later one at once (the server is closing). */
  close(): void {
    this.#closed = true;
    for (const tracked of [...this.#inFlight.values(), ...this.#finished.values()]) this.#wake(tracked);
  }

  #wake(tracked: TrackedRun): void {
    for (const waiter of [...tracked.waiters]) waiter();
  }
}
