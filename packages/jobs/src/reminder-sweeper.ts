import { EXPIRY_NOTE_LOOKBACK_MS, MAX_REMINDER_HOURS, effectiveReminders, remindersDue, windowClosesAt } from '@assay/domain';
import type { Store } from '@assay/store';
import type { Logger } from './outbox-worker.js';
import { PeriodicPass } from './periodic-pass.js';

/** How often the worker looks for reminders and expiry notes due (they are hours apart: a minute late is on time). */
export const REMINDER_SWEEP_MS = 60_000;

const PAGE = 500;

/**
 * Queues reminders and expiry notes as they fall due (issue 33 item 3). The store lists the not-started invitations
 * whose window closes within the longest reminder or closed within the look-back; the domain decides what is due
 * (`remindersDue`); the store claims each key with its outbox job in one transaction, so a restart, a second worker
 * or a second pass never sends one twice. Sending is the outbox's (`reminder`, `reminder_expired`).
 */
export class ReminderSweeper {
  private readonly periodic: PeriodicPass;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    log: Logger,
  ) {
    this.periodic = new PeriodicPass(() => this.sweep(), log, 'reminder sweep failed');
  }

  /** One pass; answers how many emails it queued. */
  async sweep(): Promise<number> {
    const now = this.now();
    let queued = 0;
    let afterId = 0;
    for (;;) {
      const page = await this.store.reminders.open(now, MAX_REMINDER_HOURS * 3_600_000, EXPIRY_NOTE_LOOKBACK_MS, afterId, PAGE);
      for (const subject of page) {
        const claims = remindersDue(
          {
            status: subject.status,
            unsubscribed: subject.unsubscribed,
            invitedAt: subject.invitedAt,
            closesAt: windowClosesAt({ expiresAt: subject.expiresAt, linkWindow: subject.linkWindow }),
            hours: effectiveReminders(subject.linkHours, subject.testHours).hours,
            claimed: subject.claimed,
            stakeholder: subject.stakeholder,
          },
          now,
        );
        if (claims.length > 0) queued += await this.store.reminders.claim(subject, claims, now);
      }
      if (page.length < PAGE) return queued;
      afterId = page.at(-1)!.invitationId;
    }
  }

  start(intervalMs: number): void {
    this.periodic.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
