import { AssayUserAbortError, type CandidateRuns } from '@assay/client';
import type { SampleRun, StartRunInput } from '@assay/domain/candidate';
import { failureOf, refusalOf } from '../api/failure.js';
import { progressLine, retryPlan, runNews } from './run-progress.js';

/** How long one request may wait for the run to change (the server holds it; at most 25 s). */
const LONG_POLL_MS = 20_000;
/**
 * How long the start may wait for the results: most runs take milliseconds and answer in that one request; a
 * longer one answers "running" by then, so the page can say so (and offer Cancel) while it follows it.
 */
const QUICK_RUN_MS = 300;
/** Polls that fail to reach the server in a row before the page gives up on the run. */
const MAX_LOST_POLLS = 5;

export type DoneRun = Extract<SampleRun, { state: 'done' }>;
/** How a run ended, for the view: its results, cancelled, or why it could not run. */
export type RunEnd = { readonly kind: 'done'; readonly run: DoneRun } | { readonly kind: 'cancelled' } | { readonly kind: 'failed'; readonly message: string };

/** What a run shows while it is on its way. */
export interface RunProgressView {
  /** The visible line beside the Run buttons ('' hides it). */
  progress(line: string): void;
  /** Said once to screen readers. */
  announce(news: string): void;
}

class Cancelled extends Error {}

/**
 * One run of a question, from the start to its end: waits out refusals that pass (a full queue) by itself,
 * follows the run with long polls, and cancels it on request (a run not started yet is never started).
 */
export class RunSession {
  readonly #stop = new AbortController();

  constructor(
    private readonly runs: Pick<CandidateRuns, 'start' | 'get' | 'cancel'>,
    private readonly view: RunProgressView,
  ) {}

  get cancelled(): boolean {
    return this.#stop.signal.aborted;
  }

  cancel(): void {
    this.#stop.abort();
  }

  async run(input: StartRunInput): Promise<RunEnd> {
    try {
      let run = await this.#start(input);
      let before: SampleRun | null = null;
      while (run.state === 'queued' || run.state === 'running') {
        const news = runNews(before, run);
        if (news) this.view.announce(news);
        this.view.progress(progressLine(run));
        before = run;
        run = await this.#next(run);
      }
      return endOf(run);
    } catch (error) {
      if (error instanceof Cancelled) return { kind: 'cancelled' };
      return { kind: 'failed', message: failureOf(error).message };
    } finally {
      this.view.progress('');
    }
  }

  /** Starts the run, waiting out the refusals that pass with time. */
  async #start(input: StartRunInput): Promise<SampleRun> {
    this.view.progress('Starting…');
    for (let retries = 0; ; retries += 1) {
      if (this.cancelled) throw new Cancelled();
      try {
        // The results come at once when the run is quick; a queued run answers at once with its place.
        return await this.runs.start(input, { waitMs: QUICK_RUN_MS });
      } catch (error) {
        const refusal = refusalOf(error);
        const plan = refusal ? retryPlan(refusal, retries) : null;
        if (!plan) throw error;
        this.view.announce(plan.news);
        await this.#countDown(plan.delayMs, plan.line);
      }
    }
  }

  /** The run once it changed; cancelled on request (a run that finished meanwhile keeps its results). */
  async #next(run: SampleRun): Promise<SampleRun> {
    for (let lost = 0; ; lost += 1) {
      if (this.cancelled) return this.#cancelRun(run.runId);
      try {
        return await this.runs.get(run.runId, { waitMs: LONG_POLL_MS, since: run.version, signal: this.#stop.signal });
      } catch (error) {
        if (this.cancelled || error instanceof AssayUserAbortError) continue;
        if (refusalOf(error)?.statuscode === '404.11') {
          throw new Error('The server no longer knows this run (it may have restarted). Run the code again.');
        }
        if (!failureOf(error).retryable || lost >= MAX_LOST_POLLS) throw error;
        await this.#sleep(1_000 * (lost + 1)).catch(() => undefined);
      }
    }
  }

  async #cancelRun(runId: string): Promise<SampleRun> {
    try {
      return await this.runs.cancel(runId);
    } catch (error) {
      // It finished first: its results stand.
      if (refusalOf(error)?.statuscode === '409.2') return this.runs.get(runId);
      throw error;
    }
  }

  /** Waits `delayMs`, the visible line counting the seconds down (the news was said once, up front). */
  async #countDown(delayMs: number, line: (secondsLeft: number) => string): Promise<void> {
    const endsAt = Date.now() + delayMs;
    for (let left = delayMs; left > 0; left = endsAt - Date.now()) {
      this.view.progress(line(Math.ceil(left / 1000)));
      await this.#sleep(Math.min(left, 1_000));
    }
  }

  /** Waits, or rejects with Cancelled at once when the run is cancelled. */
  #sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.cancelled) return reject(new Cancelled());
      const stop = () => {
        window.clearTimeout(timer);
        reject(new Cancelled());
      };
      const timer = window.setTimeout(() => {
        this.#stop.signal.removeEventListener('abort', stop);
        resolve();
      }, ms);
      this.#stop.signal.addEventListener('abort', stop, { once: true });
    });
  }
}

const endOf = (run: SampleRun): RunEnd => {
  switch (run.state) {
    case 'done':
      return { kind: 'done', run };
    case 'failed':
      return { kind: 'failed', message: run.message };
    default:
      return { kind: 'cancelled' };
  }
};
