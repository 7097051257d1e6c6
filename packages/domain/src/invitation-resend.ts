import type { AccessWindow } from './access-time.js';
import { formatWireDateTime } from './date-time.js';
import { invitationEmailWanted } from './invitation-email.js';
import type { InvitationStatus } from './invitation-status.js';
import { invitationStanding } from './invitations/invitation-standing.js';
import { ok, refuse, type Result } from './result.js';

/** At most one email of an invitation's link in this time, whatever sent the last (decision 813). */
export const RESEND_INTERVAL_MS = 10 * 60 * 1000;
/** At most this many emails of an invitation's link in any 24 hours, the first invitation's included (decision 813). */
export const RESEND_DAILY_CAP = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ResendFacts {
  readonly status: InvitationStatus;
  /** The invitation's own expiry (null: none) and its link's window: past either, the link it would email is dead. */
  readonly expiresAt: number | null;
  readonly linkWindow?: AccessWindow | undefined;
  /** When each email of this invitation's link was queued (any reason: invitation, bulk, reattempt, resend). */
  readonly sentAt: readonly number[];
  readonly now: number;
}

const secondsUntil = (at: number, now: number): number => Math.max(1, Math.ceil((at - now) / 1000));

/**
 * Whether Resend may email the candidate their link again now: only an invitation they can still open (409.50; an
 * expired one too, decision 1392: its link would open on "the period has ended"), and not more often than the limits
 * above (429.50, with when to try again). A mail bomb through a recruiter's key, or a script retrying in a loop, must
 * not reach the candidate's inbox.
 */
export const decideResend = ({ status, expiresAt, linkWindow, sentAt, now }: ResendFacts): Result<void> => {
  if (!invitationEmailWanted(status)) {
    return refuse('invitation-not-takeable', `The invitation is ${status}: the candidate cannot take it any more, so there is nothing to resend.`);
  }
  if (invitationStanding({ status, expiresAt, linkWindow }, now) === 'Expired') {
    return refuse('invitation-not-takeable', expiredSentence(expiresAt, linkWindow, now));
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

/**
 * Which end passed, so the recruiter knows what to extend: the invitation's own expiry (PUT …/expiry), or its link's
 * end, which no expiry of the invitation's own can reach past (the earlier of the two closes the window).
 */
const expiredSentence = (expiresAt: number | null, linkWindow: AccessWindow | undefined, now: number): string => {
  const linkEnd = linkWindow && linkWindow.accessTime !== 0 && now >= linkWindow.end ? linkWindow.end : null;
  if (linkEnd !== null) {
    return `The invitation's test link ended at ${formatWireDateTime(linkEnd)} UTC: the candidate can no longer start it; extend the link first.`;
  }
  return `The invitation expired at ${formatWireDateTime(expiresAt ?? now)} UTC: the candidate can no longer start it; extend it first.`;
};
