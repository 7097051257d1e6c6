import { randomUUID } from 'node:crypto';
import type { Job, JobKind } from '@assay/domain';
import { isDatabaseUnavailable, type Store } from '@assay/store';

/** What a handler decided about one job. */
export type JobOutcome =
  | { kind: 'done' }
  | { kind: 'gone'; error: string }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  | { kind: 'wait'; delayMs: number; reason: string }
  | { kind: 'dead'; error: string };

export type JobHandler = (job: Job) => Promise<JobOutcome>;

/** A job whose database was unavailable (locked, restarting) is tried again this much later, with no attempt counted. */
export const DATABASE_RETRY_MS = 5_000;

/** A handler's failure: the database unavailable is an outage to wait out; anything else a failed attempt. */
const outcomeOfFailure = (error: unknown): JobOutcome => {
  const message = error instanceof Error ? error.message : String(error);
  return isDatabaseUnavailable(error)
    ? { kind: 'wait', delayMs: DATABASE_RETRY_MS, reason: `the database was unavailable: ${message}` }
    : { kind: 'retry', error: message };
};

export interface Logger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface OutboxWorkerOptions {
  store: Store;
  handlers: Record<JobKind, JobHandler>;
  /** Delay before the next try after `failedAttempts` failures; undefined when the job should die. */
  retryDelay: (failedAttempts: number, retryAfterMs?: number) => number | undefined;
  now?: () => number;
  log: Logger;
  /** Longer than any single attempt (deliveries time out at 15 s), so a live worker never loses its lease. */
  leaseMs?: number;
  batchSize?: number;
  pollMs?: number;
  workerId?: string;
}

/**
 * Leases due jobs and runs them. Each job is held by one worker at a time; a crashed worker's leases expire
 * and the jobs return. Delivery is at least once: receivers dedupe on the stable message id.
 */
export class OutboxWorker {
  readonly workerId: string;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.workerId = options.workerId ?? `worker-${randomUUID()}`;
    this.now = options.now ?? Date.now;
  }

  /** One pass: lease a batch and run it; answers how many jobs were taken. */
  async runOnce(): Promise<number> {
    const { store, leaseMs = 120_000, batchSize = 50 } = this.options;
    const jobs = await store.jobs.lease(this.workerId, this.now(), leaseMs, batchSize);
    // Scores first: the announcements in the same batch then find their report generated.
    await Promise.all(jobs.filter((job) => job.kind === 'score').map((job) => this.run(job)));
    await Promise.all(jobs.filter((job) => job.kind !== 'score').map((job) => this.run(job)));
    return jobs.length;
  }

  /** Runs passes until nothing is due (tests, and draining at shutdown). */
  async drain(maxPasses = 100): Promise<void> {
    for (let pass = 0; pass < maxPasses; pass += 1) if ((await this.runOnce()) === 0) return;
  }

  private async run(job: Job): Promise<void> {
    const { store, handlers, log } = this.options;
    let outcome: JobOutcome;
    try {
      outcome = await handlers[job.kind](job);
    } catch (error) {
      outcome = outcomeOfFailure(error);
    }
    const now = this.now();
    if (outcome.kind === 'done') await store.jobs.finish(job, this.workerId, 'delivered', now);
    else if (outcome.kind === 'gone') await store.jobs.finish(job, this.workerId, 'gone', now, outcome.error);
    else if (outcome.kind === 'dead') await store.jobs.finish(job, this.workerId, 'dead', now, outcome.error);
    else if (outcome.kind === 'wait') await store.jobs.retryAt(job, this.workerId, now + outcome.delayMs, now, outcome.reason, false);
    else {
      const delay = this.options.retryDelay(job.attempts + 1, outcome.retryAfterMs);
      if (delay === undefined) {
        log.warn({ jobId: job.id, kind: job.kind, error: outcome.error }, 'job gave up after its last retry');
        await store.jobs.finish(job, this.workerId, 'dead', now, outcome.error);
      } else {
        await store.jobs.retryAt(job, this.workerId, now + delay, now, outcome.error);
      }
    }
  }

  start(): void {
    const { pollMs = 1_000, log } = this.options;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runOnce();
      // A pass that cannot reach the database leaves its jobs leased: they come back when the lease ends.
      this.running
        .catch((error: unknown) =>
          isDatabaseUnavailable(error) ? log.warn({ err: error }, 'outbox pass: the database is unavailable') : log.error({ err: error }, 'outbox pass failed'),
        )
        .then((taken) => {
          this.running = undefined;
          if (!this.stopped) this.timer = setTimeout(tick, taken ? 0 : pollMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }
}
