import { match } from 'ts-pattern';
import type { InvitationStatus } from '../invitation-status.js';
import { ok, refuse, type Result } from '../result.js';
import { CLIENT_CLOCK_TOLERANCE_MS, eventInstant, isPastDeadline } from './attempt-clock.js';
import { ATTEMPT_OVER, INVITATION_CANCELLED, NOT_STARTED, refusedWith } from './attempt-refusals.js';

/** Answers, events, snapshots and runs are taken only while the attempt is running. */
export const requireRunningAttempt = (status: InvitationStatus): Result<true> =>
  match(status)
    .with('In progress', () => ok(true as const))
    .with('Pending', 'Reset', () => refusedWith<true>(NOT_STARTED))
    .with('Completed', () => refusedWith<true>(ATTEMPT_OVER))
    .with('Cancelled', () => refusedWith<true>(INVITATION_CANCELLED))
    .exhaustive();

/**
 * How long after the deadline an answer made before it may still arrive (a candidate offline for the last
 * seconds). Never more than the clock-skew tolerance: the instant an answer was made is the client's word,
 * trusted only that far (decision 66, "Late saves").
 */
export const MAX_ANSWER_GRACE_MS = CLIENT_CLOCK_TOLERANCE_MS;
export const DEFAULT_ANSWER_GRACE_MS = 60_000;

/** The grace as configured, within the bound the clock-skew tolerance sets. */
export const answerGraceOf = (graceMs: number): number => Math.min(graceMs, MAX_ANSWER_GRACE_MS);

/** An attempt whose time is up is completed without its candidate only once late saves can no longer come. */
export const expiryOf = (deadline: number, graceMs: number): number => deadline + answerGraceOf(graceMs);

/** Runs of sample tests and snapshots: only while there is time left. */
export const requireTimeLeft = (status: InvitationStatus, deadline: number | null, now: number): Result<true> => {
  const running = requireRunningAttempt(status);
  if (running.err || deadline === null || !isPastDeadline(deadline, now)) return running;
  return refuse('attempt-over', 'The time is up.');
};

export interface AnswerTiming {
  readonly status: InvitationStatus;
  readonly startedAt: number | null;
  readonly deadline: number | null;
  readonly now: number;
  /** When the candidate made the answer, by their (server-synced) clock; absent means now. */
  readonly editedAt?: number | undefined;
  readonly graceMs: number;
}

/** An answer is stored while there is time left, or after the deadline if it was made before it and arrives within the grace. */
export const acceptAnswer = ({ status, startedAt, deadline, now, editedAt, graceMs }: AnswerTiming): Result<true> => {
  const running = requireRunningAttempt(status);
  if (running.err || deadline === null || !isPastDeadline(deadline, now)) return running;
  const madeAt = editedAt === undefined ? now : eventInstant(editedAt, now, startedAt ?? now);
  if (madeAt < deadline && now < expiryOf(deadline, graceMs)) return ok(true);
  return refuse('attempt-over', 'The time was up before this answer reached us: it was not saved.');
};
