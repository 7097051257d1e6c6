import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '@assay/store';
import type { CandidateAttempts } from './attempts-service.js';

/** Completes attempts whose time is up even when the candidate never comes back. */
export class ExpirySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly store: Store,
    private readonly attempts: CandidateAttempts,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One pass: every overdue attempt completes (as 'expire') and gets queued for scoring. */
  async sweep(): Promise<number> {
    const overdue = await this.store.attempts.overdue(this.now());
    for (const { id, org_id: orgId } of overdue) await this.attempts.complete(orgId, id, 'expire');
    return overdue.length;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error({ err: error }, 'deadline sweep failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
