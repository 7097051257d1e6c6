import { invitationEmailWanted } from './invitation-email.js';
import type { InvitationStatus } from './invitation-status.js';
import { ok, refuse, type Result } from './result.js';

/** At most one email of an invitation's link in this time, whatever sent the last (decision 813). */
export const RESEND_INTERVAL_MS = 10 * 60 * 1000;
/** At most this many emails of an invitation's link in any 24 hours, the first invitation's included (decision 813). */
export const RESEND_DAILY_CAP = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ResendFacts {
  readonly status: InvitationStatus;
  /** When each email of this invitation's link was queued (any reason: invitation, bulk, reattempt, resend). */
  readonly sentAt: readonly number[];
  readonly now: number;
}

const secondsUntil = (at: number, now: number): number => Math.max(1, Math.ceil((at - now) / 1000));

/**
 * Whether Resend may email the candidate their link again now: only an invitation they can still open (409.50), and
 * not more often than the limits above (429.50, with when to try again). A mail bomb through a recruiter's key, or a
 * script retrying in a loop, must not reach the candidate's inbox.
 */
export const decideResend = ({ status, sentAt, now }: ResendFacts): Result<void> => {
  if (!invitationEmailWanted(status)) {
    return refuse('invitation-not-takeable', `The invitation is ${status}: the candidate cannot take it any more, so there is nothing to resend.`);
  }
  const last = Math.max(...sentAt, Number.NEGATIVE_INFINITY);
  if (now - last < RESEND_INTERVAL_MS) {
    const minutes = RESEND_INTERVAL_MS / 60_000;
    return refuse(
      'resent-too-recently',
      `The candidate was emailed less than ${minutes} minutes ago; try again later.`,
      secondsUntil(last + RESEND_INTERVAL_MS, now),
    );
  }
  const today = sentAt.filter((at) => now - at < DAY_MS).sort((a, b) => a - b);
  if (today.length >= RESEND_DAILY_CAP) {
    const freed = today[today.length - RESEND_DAILY_CAP]! + DAY_MS;
    return refuse(
      'resent-too-recently',
      `The candidate was emailed ${today.length} times in the last 24 hours (at most ${RESEND_DAILY_CAP}); try again later.`,
      secondsUntil(freed, now),
    );
  }
  return ok(undefined);
};
