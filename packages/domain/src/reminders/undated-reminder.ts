import type { InvitationStatus } from '../invitation-status.js';
import { notStarted } from './reminders-due.js';

const DAY_MS = 24 * 3_600_000;

/** The key that makes the reminder of an invitation without any deadline at-most-once (decision 1396). */
export const UNDATED_REMINDER_KEY = 'reminder:undated';

/** What the sweep knows of one invitation that has no deadline at all, and of its org's `remindAfterDays`. */
export interface UndatedReminderFacts {
  readonly status: InvitationStatus;
  readonly unsubscribed: boolean;
  readonly invitedAt: number;
  /** `windowClosesAt`: only an invitation whose window never closes (null) is reminded this way. */
  readonly closesAt: number | null;
  /** The org's setting (null: no such reminder). */
  readonly remindAfterDays: number | null;
  readonly claimed: readonly string[];
}

export type UndatedReminderClaim = { readonly action: 'remind-undated'; readonly key: typeof UNDATED_REMINDER_KEY; readonly days: number };

/**
 * The one reminder of a candidate invited without any deadline who has not started, `remindAfterDays` after the
 * invitation (decision 1396). An invitation with a deadline has the countdown reminders instead (`remindersDue`); one
 * reminder only, since with no close there is nothing to count down to and repeating would be nagging.
 */
export const undatedReminderDue = (facts: UndatedReminderFacts, now: number): UndatedReminderClaim[] => {
  const days = facts.remindAfterDays;
  if (days === null || facts.closesAt !== null || !notStarted(facts.status) || facts.unsubscribed) return [];
  if (facts.claimed.includes(UNDATED_REMINDER_KEY) || now < facts.invitedAt + days * DAY_MS) return [];
  return [{ action: 'remind-undated', key: UNDATED_REMINDER_KEY, days }];
};

/** Checked again as it is sent: started, finished, cancelled, unsubscribed or given a deadline since → dropped. */
export const undatedReminderStillWanted = (facts: { status: InvitationStatus; unsubscribed: boolean; closesAt: number | null }): boolean =>
  notStarted(facts.status) && !facts.unsubscribed && facts.closesAt === null;
