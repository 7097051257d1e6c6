import type { AccessWindow } from '../access-time.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DefaultDeadlineFacts {
  /** Whether this registration made the invitation (a repeated one answers the existing invitation, left as it is). */
  readonly created: boolean;
  readonly expiresAt: number | null;
  /** The window of the link it came through, if any: a time-bound or slot-wise link is a deadline already. */
  readonly linkWindow?: AccessWindow | undefined;
  /** The org's `defaultDeadlineDays`; null: none. */
  readonly defaultDeadlineDays: number | null;
}

/**
 * The expiry a new single invitation is given from the org's default (decision 1394), or null to leave it as made:
 * only one that has no deadline at all (no expiry of its own, no time-bound link), so the default never shortens a
 * window someone chose.
 */
export const defaultExpiryOf = (facts: DefaultDeadlineFacts, now: number): number | null => {
  if (!facts.created || facts.defaultDeadlineDays === null || facts.expiresAt !== null) return null;
  if (facts.linkWindow !== undefined && facts.linkWindow.accessTime !== 0) return null;
  return now + facts.defaultDeadlineDays * DAY_MS;
};
