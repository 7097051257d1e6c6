import {
  EXPIRY_NOTE_LOOKBACK_MS,
  MAX_REMINDER_HOURS,
  type ReminderClaim,
  type UndatedReminderClaim,
  effectiveReminders,
  remindersDue,
  undatedReminderDue,
  windowClosesAt,
} from '@assay/domain';
import type { ReminderSubject, Store } from '@assay/store';
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
    const closesAt = (subject: ReminderSubject) => windowClosesAt({ expiresAt: subject.expiresAt, linkWindow: subject.linkWindow });
    // Invitations whose window closes: the countdown reminders and the stakeholder's note.
    const dated = await this.claimPages(
      (afterId) => this.store.reminders.open(now, MAX_REMINDER_HOURS * 3_600_000, EXPIRY_NOTE_LOOKBACK_MS, afterId, PAGE),
      (subject) => remindersDue({ ...subject, closesAt: closesAt(subject), hours: effectiveReminders(subject.linkHours, subject.testHours).hours }, now),
      now,
    );
    // Invitations without any deadline: one reminder `remindAfterDays` after the invitation (decision 1396).
    const undated = await this.claimPages(
      (afterId) => this.store.reminders.undated(now, afterId, PAGE),
      (subject) => undatedReminderDue({ ...subject, closesAt: closesAt(subject) }, now),
      now,
    );
    return dated + undated;
  }

  /** Walks the pages a query lists, claiming for each subject what the domain found due; answers how many were queued. */
  private async claimPages(
    page: (afterId: number) => Promise<ReminderSubject[]>,
    due: (subject: ReminderSubject) => readonly (ReminderClaim | UndatedReminderClaim)[],
    now: number,
  ): Promise<number> {
    let queued = 0;
    let afterId = 0;
    for (;;) {
      const subjects = await page(afterId);
      for (const subject of subjects) {
        const claims = due(subject);
        if (claims.length > 0) queued += await this.store.reminders.claim(subject, claims, now);
      }
      if (subjects.length < PAGE) return queued;
      afterId = subjects.at(-1)!.invitationId;
    }
  }

  start(intervalMs: number): void {
    this.periodic.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
