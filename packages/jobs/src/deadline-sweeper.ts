import { DEFAULT_ANSWER_GRACE_MS, expireIfDue, expiryCutoff } from '@assay/domain';
import type { Store } from '@assay/store';
import type { Logger } from './outbox-worker.js';
import { PeriodicPass } from './periodic-pass.js';

/** Completes attempts whose time is up even when the candidate never comes back. */
export class DeadlineSweeper {
  private readonly periodic: PeriodicPass;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    log: Logger,
    /** Answers made before the deadline may arrive this much later: the attempt stays open for them. */
    private readonly answerGraceMs: number = DEFAULT_ANSWER_GRACE_MS,
  ) {
    this.periodic = new PeriodicPass(() => this.sweep(), log, 'deadline sweep failed');
  }

  /**
   * One pass: every attempt due to expire (`dueToExpire`, the rule the candidate API applies too) completes (as
   * 'expire'), which queues its scoring and announcements. The store lists the running attempts whose deadline is at
   * or before the domain's cut-off; each is decided again on its current row (`expireIfDue`).
   */
  async sweep(): Promise<number> {
    const overdue = await this.store.attempts.overdue(expiryCutoff(this.answerGraceMs, this.now()));
    for (const { id, orgId } of overdue) {
      const at = this.now();
      await this.store.invitations.applyMove(orgId, id, (invitation) => expireIfDue(invitation, this.answerGraceMs, at), at);
    }
    return overdue.length;
  }

  start(intervalMs: number): void {
    this.periodic.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
