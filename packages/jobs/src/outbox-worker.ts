import { randomUUID } from 'node:crypto';
import { JobKind, type Job } from '@assay/domain';
import { isDatabaseUnavailable, type Store } from '@assay/store';
import type { LanguageId } from '@assay/domain/languages';
import { logSafeError } from './log-safe-error.js';

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

/** Scoring jobs a worker runs at once: enough to keep its sandbox busy and give the fair queue a choice. */
export const DEFAULT_SCORE_CONCURRENCY = 8;

const SCORING: readonly JobKind[] = ['score'];
const DELIVERIES: readonly JobKind[] = JobKind.options.filter((kind) => kind !== 'score');

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
  /** Deliveries (callbacks, emails) in flight at once. */
  batchSize?: number;
  /** Scoring jobs in flight at once (each runs its answers one after another in the sandbox's fair queue). */
  scoreConcurrency?: number;
  pollMs?: number;
  workerId?: string;
  /**
   * The languages this process's sandbox runs (issue 49): declared for the other processes to see, and only scoring
   * jobs whose answers are all in them are leased here. Unset, every scoring job is (a runner that runs everything).
   */
  languages?: readonly LanguageId[];
}

/**
 * Leases due jobs and runs them. Each job is held by one worker at a time (`FOR UPDATE SKIP LOCKED` on PostgreSQL,
 * so N workers share the work); a crashed worker's leases expire and the jobs return. Delivery is at least once:
 * receivers dedupe on the stable message id. Started, it keeps up to `scoreConcurrency` scoring jobs and
 * `batchSize` deliveries in flight and leases more as each ends, never waiting for a whole batch: one slow scoring
 * job holds back nothing but its own announcements.
 */
export class OutboxWorker {
  readonly workerId: string;
  private readonly now: () => number;
  private stopped = false;
  private pump: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private readonly inFlight = { score: new Set<Promise<void>>(), delivery: new Set<Promise<void>>() };
  /** Scoring running in this worker, by invitation: its announcements wait for it instead of finding the report pending. */
  private readonly scoring = new Map<number, Promise<void>>();
  /** When a pass last reached the database (epoch ms), for /metrics: a worker that stopped passing is stuck or cut off. */
  lastPassAt: number | undefined;
  /** Jobs this worker ran, by `kind outcome` (done, gone, wait, retry, dead), for /metrics. */
  readonly outcomes = new Map<`${JobKind} ${JobOutcome['kind']}`, number>();
  /**
   * Jobs that ended while the database was away (a PostgreSQL restart, a held SQLite lock): how each ended is written
   * when the database answers again, at the start of the next pass, instead of leaving the job leased to this live
   * worker until its lease runs out (decision 864). Kept only until that lease would have ended anyway.
   */
  private readonly unrecorded = new Map<number, { leaseUntil: number; record: () => Promise<void> }>();

  constructor(private readonly options: OutboxWorkerOptions) {
    this.workerId = options.workerId ?? `worker-${randomUUID()}`;
    this.now = options.now ?? Date.now;
  }

  /** One pass: lease what is due (scoring, and deliveries) and run it all; answers how many jobs were taken. */
  async runOnce(): Promise<number> {
    const { batchSize = 50, scoreConcurrency = DEFAULT_SCORE_CONCURRENCY } = this.options;
    const scores = await this.lease(SCORING, scoreConcurrency);
    const deliveries = await this.lease(DELIVERIES, batchSize);
    this.lastPassAt = this.now();
    // Scores first: the announcements of the same attempts then find their report generated.
    await Promise.all([...scores, ...deliveries].map((job) => this.begin(job)));
    return scores.length + deliveries.length;
  }

  /** Runs passes until nothing is due (tests, and draining at shutdown). */
  async drain(maxPasses = 100): Promise<void> {
    for (let pass = 0; pass < maxPasses; pass += 1) if ((await this.runOnce()) === 0) return;
  }

  start(): void {
    this.pump ??= this.keepLeasing();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.pump;
  }

  private declared: Promise<void> | undefined;

  private async lease(kinds: readonly JobKind[], limit: number): Promise<Job[]> {
    const { store, leaseMs = 120_000, languages } = this.options;
    if (languages === undefined || kinds !== SCORING) return store.jobs.lease(this.workerId, this.now(), leaseMs, limit, kinds);
    // Declared before the first scoring lease, so a test import on another server already counts this process's languages.
    this.declared ??= store.sandboxWorkers.declare(languages, this.now()).catch((error: unknown) => {
      this.declared = undefined;
      throw error;
    });
    await this.declared;
    return store.jobs.lease(this.workerId, this.now(), leaseMs, limit, kinds, languages);
  }

  /** Leases while there is room, and sleeps until a job ends or the poll interval passes. */
  private async keepLeasing(): Promise<void> {
    const { pollMs = 1_000, batchSize = 50, scoreConcurrency = DEFAULT_SCORE_CONCURRENCY, log } = this.options;
    while (!this.stopped) {
      let taken = 0;
      try {
        await this.recordEndings();
        const scores = await this.lease(SCORING, scoreConcurrency - this.inFlight.score.size);
        const deliveries = await this.lease(DELIVERIES, batchSize - this.inFlight.delivery.size);
        for (const job of [...scores, ...deliveries]) void this.begin(job);
        taken = scores.length + deliveries.length;
        this.lastPassAt = this.now();
      } catch (error) {
        // A pass that cannot reach the database leaves its jobs leased: they come back when the lease ends.
        if (isDatabaseUnavailable(error)) log.warn({ err: error }, 'outbox pass: the database is unavailable');
        else log.error({ err: error }, 'outbox pass failed');
      }
      if (this.stopped) break;
      // Something was due: more may be; else sleep until a job ends (it may have released announcements) or the poll.
      if (taken === 0) await this.sleep(pollMs);
    }
    await Promise.all([...this.inFlight.score, ...this.inFlight.delivery]);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  /** Runs a leased job in its slot: a delivery after the scoring of its attempt when that runs here. */
  private begin(job: Job): Promise<void> {
    const slots = job.kind === 'score' ? this.inFlight.score : this.inFlight.delivery;
    const invitationId = job.invitationId;
    const scored = job.kind !== 'score' && invitationId !== null ? this.scoring.get(invitationId) : undefined;
    const running = (scored ?? Promise.resolve()).then(() => this.run(job));
    slots.add(running);
    if (job.kind === 'score' && invitationId !== null) this.scoring.set(invitationId, running);
    return running.finally(() => {
      slots.delete(running);
      if (this.scoring.get(invitationId ?? -1) === running) this.scoring.delete(invitationId!);
      this.wake?.();
    });
  }

  /** Writes the endings the database could not take before; stops at the first that still fails (it is still away). */
  private async recordEndings(): Promise<void> {
    for (const [jobId, { leaseUntil, record }] of this.unrecorded) {
      // Past its lease the job may be another worker's now: what this one did is no longer this one's to write.
      if (leaseUntil <= this.now()) {
        this.unrecorded.delete(jobId);
        continue;
      }
      await record();
      this.unrecorded.delete(jobId);
      this.options.log.info({ jobId }, 'the database is back: recorded how a job ended and gave back its lease');
    }
  }

  private async run(job: Job): Promise<void> {
    const { handlers } = this.options;
    let outcome: JobOutcome;
    try {
      outcome = await handlers[job.kind](job);
    } catch (error) {
      outcome = outcomeOfFailure(error);
    }
    const record = () => this.record(job, outcome);
    try {
      await record();
    } catch (error) {
      // Its lease ends and the job comes back; a pass started with start() must not stop on it.
      if (!this.pump) throw error;
      const { leaseMs = 120_000, log } = this.options;
      if (isDatabaseUnavailable(error)) this.unrecorded.set(job.id, { leaseUntil: job.leaseUntil ?? this.now() + leaseMs, record });
      log.warn(
        { err: error, jobId: job.id },
        isDatabaseUnavailable(error)
          ? 'could not record how a job ended: the database is unavailable; it is recorded when the database answers again'
          : 'could not record how a job ended: it will be tried again when its lease ends',
      );
    }
  }

  private async record(job: Job, outcome: JobOutcome): Promise<void> {
    const { store, log } = this.options;
    const now = this.now();
    if (outcome.kind === 'done') await store.jobs.finish(job, this.workerId, 'delivered', now);
    else if (outcome.kind === 'gone') await store.jobs.finish(job, this.workerId, 'gone', now, outcome.error);
    else if (outcome.kind === 'dead') await store.jobs.finish(job, this.workerId, 'dead', now, outcome.error);
    else if (outcome.kind === 'wait') await store.jobs.retryAt(job, this.workerId, now + outcome.delayMs, now, outcome.reason, false);
    else {
      const delay = this.options.retryDelay(job.attempts + 1, outcome.retryAfterMs);
      if (delay === undefined) {
        log.warn({ jobId: job.id, kind: job.kind, error: logSafeError(outcome.error) }, 'job gave up after its last retry');
        await store.jobs.finish(job, this.workerId, 'dead', now, outcome.error);
      } else {
        await store.jobs.retryAt(job, this.workerId, now + delay, now, outcome.error);
      }
      this.count(job.kind, delay === undefined ? 'dead' : 'retry');
      return;
    }
    this.count(job.kind, outcome.kind);
  }

  private count(kind: JobKind, outcome: JobOutcome['kind']): void {
    const key = `${kind} ${outcome}` as const;
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
  }
}
