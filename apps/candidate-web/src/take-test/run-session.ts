import { AssayUserAbortError, type CandidateRuns } from '@assay/client';
import type { SampleRun, StartRunInput } from '@assay/domain/candidate';
import type { LanguageId } from '@assay/domain/languages';
import { failureOf, refusalOf } from '../api/failure.js';
import { progressLine, retryPlan, runNews } from './run-progress.js';

/** How long one request may wait for the run to change (the server holds it; at most 25 s). */
const LONG_POLL_MS = 20_000;
/**
 * How long the start may wait for the results: most runs take milliseconds and answer in that one request; a
 * longer one answers "running" by then, so the page can say so (and offer Cancel) while it follows it.
 */
const QUICK_RUN_MS = 300;
/**
 * How long the page keeps asking through a lost connection (decision 1105): the server keeps a finished run's results
 * 10 minutes, so a connection back within that finds them. Past it the page says the run is lost.
 */
const FOLLOW_THROUGH_LOSS_MS = 10 * 60_000;
/** The longest pause between two tries while the connection is lost (sooner when the browser says it is back). */
const LONGEST_RETRY_PAUSE_MS = 5_000;
/** How often the visible line is redrawn while a run runs: its seconds go up. */
const TICK_MS = 1_000;

/** What the page says while the connection is lost: before the server took the run, and after. */
const LOST = {
  start: {
    line: 'Connection lost: your run starts when the connection is back…',
    news: 'The connection to the server is lost. Your run starts when it is back.',
  },
  follow: {
    line: 'Connection lost: your run goes on on the server. Trying to reach it…',
    news: 'The connection to the server is lost. Your run goes on there; its results will show when the connection is back.',
  },
} as const;

export type DoneRun = Extract<SampleRun, { state: 'done' }>;
/** How a run ended, for the view: its results, cancelled, or why it could not run. */
export type RunEnd = { readonly kind: 'done'; readonly run: DoneRun } | { readonly kind: 'cancelled' } | { readonly kind: 'failed'; readonly message: string };

/** What a run shows while it is on its way. */
export interface RunProgressView {
  /** The visible line beside the Run buttons ('' hides it). */
  progress(line: string): void;
  /** Said once to screen readers. */
  announce(news: string): void;
  /** The server took the run: its id, to follow it again after a reload. */
  accepted?(run: SampleRun): void;
}

class Cancelled extends Error {}

/**
 * One run of a question, from the start to its end: waits out refusals that pass (a full queue) by itself, follows
 * the run with long polls — through a lost connection too, for as long as the server keeps its results — says how
 * long it has been running, and cancels it on request (a run not started yet is never started).
 */
export class RunSession {
  readonly #stop = new AbortController();
  /** The run as last seen, and since when (the page's monotonic clock) it has been running. */
  #current: SampleRun | null = null;
  #runningSince: number | null = null;
  /** The connection is lost (no answer to the last request), while starting the run or following it. */
  #lost: keyof typeof LOST | null = null;

  constructor(
    private readonly runs: Pick<CandidateRuns, 'start' | 'get' | 'cancel'>,
    private readonly view: RunProgressView,
    private readonly language: LanguageId,
  ) {}

  get cancelled(): boolean {
    return this.#stop.signal.aborted;
  }

  cancel(): void {
    this.#stop.abort();
  }

  /** Starts a run and follows it to its end. */
  run(input: StartRunInput): Promise<RunEnd> {
    return this.#follow(async () => {
      const run = await this.#start(input);
      this.view.accepted?.(run);
      return run;
    });
  }

  /** Follows a run this page started before (a reload came in between) from where it is now. */
  resume(runId: string): Promise<RunEnd> {
    return this.#follow(() => this.#read(runId, 0, 0));
  }

  async #follow(first: () => Promise<SampleRun>): Promise<RunEnd> {
    const ticker = window.setInterval(() => this.#show(), TICK_MS);
    try {
      let run = await first();
      let before: SampleRun | null = null;
      while (run.state === 'queued' || run.state === 'running') {
        const news = runNews(before, run);
        if (news) this.view.announce(news);
        this.#seen(run);
        before = run;
        run = this.cancelled ? await this.#cancelRun(run.runId) : await this.#read(run.runId, LONG_POLL_MS, run.version);
      }
      return endOf(run);
    } catch (error) {
      if (error instanceof Cancelled) return { kind: 'cancelled' };
      return { kind: 'failed', message: failureOf(error).message };
    } finally {
      window.clearInterval(ticker);
      this.view.progress('');
    }
  }

  #seen(run: SampleRun): void {
    this.#current = run;
    if (run.state === 'running') this.#runningSince ??= performance.now();
    this.#show();
  }

  /** The visible line as things are now: the lost connection, or where the run is and for how long it has run. */
  #show(): void {
    const run = this.#current;
    if (this.#lost) this.view.progress(LOST[this.#lost].line);
    else if (run) {
      const runningMs = this.#runningSince === null ? 0 : performance.now() - this.#runningSince;
      this.view.progress(progressLine({ run, runningMs, language: this.language }));
    }
  }

  /** Starts the run, waiting out the refusals that pass with time, and a lost connection. */
  async #start(input: StartRunInput): Promise<SampleRun> {
    this.view.progress('Starting…');
    const since = Date.now();
    for (let retries = 0, lost = 0; ; ) {
      if (this.cancelled) throw new Cancelled();
      try {
        // The results come at once when the run is quick; a queued run answers at once with its place.
        const run = await this.runs.start(input, { waitMs: QUICK_RUN_MS });
        this.#found();
        return run;
      } catch (error) {
        const refusal = refusalOf(error);
        const plan = refusal ? retryPlan(refusal, retries) : null;
        if (plan) {
          retries += 1;
          this.view.announce(plan.news);
          await this.#countDown(plan.delayMs, plan.line);
        } else if (refusal === null) {
          // No answer: the start may never have arrived. Tried again once the connection is back (429.2 is waited out
          // above if it did arrive and still runs).
          await this.#lostConnection(error, since, lost++, 'start');
        } else throw error;
      }
    }
  }

  /** The run once it is past `version` (or after `waitMs`); through a lost connection, and cancelled on request. */
  async #read(runId: string, waitMs: number, version: number): Promise<SampleRun> {
    const since = Date.now();
    for (let lost = 0; ; ) {
      if (this.cancelled) return this.#cancelRun(runId);
      try {
        const run = await this.runs.get(runId, { waitMs, since: Math.max(0, version), signal: this.#stop.signal });
        this.#found();
        return run;
      } catch (error) {
        if (this.cancelled || error instanceof AssayUserAbortError) continue;
        if (refusalOf(error)?.statuscode === '404.11') {
          throw new Error('The server no longer knows this run (it may have restarted, or it ended more than 10 minutes ago). Run the code again.');
        }
        await this.#lostConnection(error, since, lost++, 'follow');
      }
    }
  }

  /** A failed request: says the connection is lost (once) and waits to try again, or gives up for good. */
  async #lostConnection(error: unknown, since: number, tries: number, stage: keyof typeof LOST): Promise<void> {
    const failure = failureOf(error);
    if (!failure.retryable || Date.now() - since > FOLLOW_THROUGH_LOSS_MS) throw error;
    if (failure.status === 0 && this.#lost !== stage) {
      this.#lost = stage;
      this.view.announce(LOST[stage].news);
    }
    this.#show();
    await this.#pause(Math.min(LONGEST_RETRY_PAUSE_MS, 1_000 * (tries + 1)));
  }

  /** The server answered again: the lost line goes. */
  #found(): void {
    if (!this.#lost) return;
    this.#lost = null;
    this.view.announce('The connection is back.');
  }

  async #cancelRun(runId: string): Promise<SampleRun> {
    try {
      return await this.runs.cancel(runId);
    } catch (error) {
      const refusal = refusalOf(error);
      // It finished first: its results stand.
      if (refusal?.statuscode === '409.2') return this.runs.get(runId);
      // No connection: the candidate asked to stop following it; the server ends it by its own limits.
      if (refusal === null) throw new Cancelled();
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

  /** Waits `ms`, or less when the browser says the connection is back. */
  #pause(ms: number): Promise<void> {
    return this.#sleep(ms, 'online');
  }

  /** Waits, or rejects with Cancelled at once when the run is cancelled; `wake` (a window event) ends the wait early. */
  #sleep(ms: number, wake?: 'online'): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.cancelled) return reject(new Cancelled());
      const settle = (cancelled: boolean) => {
        window.clearTimeout(timer);
        this.#stop.signal.removeEventListener('abort', stop);
        if (wake) window.removeEventListener(wake, done);
        if (cancelled) reject(new Cancelled());
        else resolve();
      };
      const done = () => settle(false);
      const stop = () => settle(true);
      const timer = window.setTimeout(done, ms);
      this.#stop.signal.addEventListener('abort', stop, { once: true });
      if (wake) window.addEventListener(wake, done, { once: true });
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
