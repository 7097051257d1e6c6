import { ok, refuse, type Result } from '../result.js';
import { MAX_FOLLOW_UP_ANSWER_CHARS, type FollowUpRecord } from './follow-up-record.js';

/** Slack after the deadline for a save already on its way when the timer reached zero (decision 1226). */
export const FOLLOW_UP_GRACE_MS = 5_000;

type Timed = Pick<FollowUpRecord, 'servedAt' | 'seconds'>;

/** When a served follow-up's time is up (null: not served yet, its timer has not started). */
export const followUpDeadlineOf = (followUp: Timed): Date | null =>
  followUp.servedAt === null ? null : new Date(Date.parse(followUp.servedAt) + followUp.seconds * 1_000);

/** Whether a follow-up takes an answer now: served, not sent as final, and its time (with the grace) not over. */
export const followUpOpen = (followUp: Timed & Pick<FollowUpRecord, 'answeredAt'>, now: Date): boolean => {
  const deadline = followUpDeadlineOf(followUp);
  return deadline !== null && followUp.answeredAt === null && now.getTime() <= deadline.getTime() + FOLLOW_UP_GRACE_MS;
};

/** Whether a follow-up is over: sent, or served and past its time (with the grace). */
export const followUpClosed = (followUp: Timed & Pick<FollowUpRecord, 'answeredAt'>, now: Date): boolean =>
  followUp.servedAt !== null && !followUpOpen(followUp, now);

/** The seconds the page's timer shows: whole seconds left, never below zero; the whole time before it is served. */
export const followUpSecondsLeft = (followUp: Timed, now: Date): number => {
  const deadline = followUpDeadlineOf(followUp);
  return deadline === null ? followUp.seconds : Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1_000));
};

/**
 * The position whose timer starts now (decision 1226): one at a time, so the second's two minutes never run while
 * the candidate answers the first — the first not yet served once every one before it is closed; null when none.
 */
export const followUpToServe = (followUps: readonly FollowUpRecord[], now: Date): number | null => {
  const sorted = [...followUps].sort((a, b) => a.position - b.position);
  const next = sorted.find((followUp) => followUp.servedAt === null);
  return next && sorted.filter((followUp) => followUp.position < next.position).every((before) => followUpClosed(before, now)) ? next.position : null;
};

export interface FollowUpSave {
  readonly answer: string;
  /** The candidate sent it: no more changes. A draft (false) is saved as typed and taken as it is when time is up. */
  readonly final: boolean;
}

/** A save of a follow-up's answer: the record as it becomes, or a refusal once it is closed (decision 1226). */
export const saveFollowUpAnswer = (followUp: FollowUpRecord, save: FollowUpSave, now: Date): Result<FollowUpRecord> => {
  if (!followUpOpen(followUp, now)) {
    return refuse('follow-up-closed', 'This follow-up question is closed: its time is up or its answer was already sent. The answer saved last is kept.');
  }
  if (save.answer.length > MAX_FOLLOW_UP_ANSWER_CHARS) {
    return refuse('answer-does-not-fit', `A follow-up answer is at most ${MAX_FOLLOW_UP_ANSWER_CHARS} characters.`);
  }
  return ok({ ...followUp, answer: save.answer, answeredAt: save.final ? now.toISOString() : null });
};

/** A paste the page refused: counted, whatever the state, so a reviewer sees each try (the text is never sent). */
export const recordRefusedPaste = (followUp: FollowUpRecord): FollowUpRecord => ({ ...followUp, pastesRefused: followUp.pastesRefused + 1 });
