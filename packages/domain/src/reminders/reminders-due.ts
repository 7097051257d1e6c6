import { match } from 'ts-pattern';
import type { InvitationStatus } from '../invitation-status.js';

const HOUR_MS = 3_600_000;

/**
 * How long after a window closed its expiry note may still go (decision 515): a worker that was down a while catches
 * up, but turning the feature on never mails a stakeholder about every invitation that ever lapsed.
 */
export const EXPIRY_NOTE_LOOKBACK_MS = 7 * 24 * HOUR_MS;

/** The key that makes a reminder at-most-once per invitation (a unique row in the store). */
export const reminderKey = (hours: number): string => `reminder:${hours}h`;
export const EXPIRY_NOTE_KEY = 'expired';

/** What the sweep knows of one invitation whose window closes. Instants are epoch milliseconds. */
export interface ReminderFacts {
  readonly status: InvitationStatus;
  /** The candidate followed the unsubscribe link of a reminder. */
  readonly unsubscribed: boolean;
  /** When the invitation was made: a reminder whose moment came before it is never sent. */
  readonly invitedAt: number;
  /** `windowClosesAt`; null: the window never closes. */
  readonly closesAt: number | null;
  /** The hours before closing that apply (`effectiveReminders`). */
  readonly hours: readonly number[];
  /** Keys already claimed for this invitation (sent or skipped). */
  readonly claimed: readonly string[];
  /** Where the expiry note goes; null: nobody to tell. */
  readonly stakeholder: string | null;
}

/** One thing to record for an invitation now: claim its key, and send (a reminder, the expiry note) or only claim (skip). */
export type ReminderClaim =
  | { readonly action: 'remind'; readonly key: string; readonly hours: number }
  | { readonly action: 'note-expiry'; readonly key: typeof EXPIRY_NOTE_KEY }
  | { readonly action: 'skip'; readonly key: string };

/** Pending (never started) and Reset (the org cleared the attempt: not started again) are the not-started states. */
export const notStarted = (status: InvitationStatus): boolean =>
  match(status)
    .with('Pending', 'Reset', () => true)
    .with('In progress', 'Completed', 'Cancelled', () => false)
    .exhaustive();

/**
 * What is due for one invitation at `now` (decisions 511, 513): before the window closes, the reminder whose moment
 * passed most recently (an earlier one still unsent is claimed as skipped, so a worker that was down sends one
 * reminder, not three); reminders whose moment came before the invitation are never due; after it closes, the
 * stakeholder's note once. Nothing for an invitation started, finished or cancelled, and no reminder to a candidate
 * who unsubscribed.
 */
export const remindersDue = (facts: ReminderFacts, now: number): ReminderClaim[] => {
  const { closesAt } = facts;
  if (closesAt === null || !notStarted(facts.status)) return [];
  if (now >= closesAt) {
    if (facts.claimed.includes(EXPIRY_NOTE_KEY) || now >= closesAt + EXPIRY_NOTE_LOOKBACK_MS) return [];
    return [facts.stakeholder === null ? { action: 'skip', key: EXPIRY_NOTE_KEY } : { action: 'note-expiry', key: EXPIRY_NOTE_KEY }];
  }
  if (facts.unsubscribed) return [];
  const due = facts.hours
    .filter((hours) => {
      const moment = closesAt - hours * HOUR_MS;
      return moment <= now && moment > facts.invitedAt && !facts.claimed.includes(reminderKey(hours));
    })
    .sort((a, b) => a - b);
  const [latest, ...earlier] = due;
  if (latest === undefined) return [];
  return [{ action: 'remind', key: reminderKey(latest), hours: latest }, ...earlier.map((hours) => ({ action: 'skip' as const, key: reminderKey(hours) }))];
};

/**
 * Checked again when the job is sent (decision 514): the candidate may have started, finished, been cancelled or
 * unsubscribed since it was queued, or the window moved; then the reminder is dropped ('gone'), never sent late.
 */
export const reminderStillWanted = (facts: { status: InvitationStatus; unsubscribed: boolean; closesAt: number | null }, now: number): boolean =>
  notStarted(facts.status) && !facts.unsubscribed && facts.closesAt !== null && now < facts.closesAt;

/** The expiry note still holds when sent: the invitation was not started or cancelled meanwhile. */
export const expiryNoteStillTrue = (status: InvitationStatus): boolean => notStarted(status);
