import { ok, refuse, type Result } from '../result.js';
import { MAX_FOLLOW_UP_ANSWER_CHARS, type FollowUpRecord } from './follow-up-record.js';

/** Slack after the deadline for a save already on its way when the timer reached zero (decision 1226). */
export const FOLLOW_UP_GRACE_MS = 5_000;

export const followUpDeadlineOf = (followUp: Pick<FollowUpRecord, 'servedAt' | 'seconds'>): Date =>
  new Date(Date.parse(followUp.servedAt) + followUp.seconds * 1_000);

/** Whether a follow-up still takes its answer: not sent as final, and its time (with the grace) not over. */
export const followUpOpen = (followUp: Pick<FollowUpRecord, 'servedAt' | 'seconds' | 'answeredAt'>, now: Date): boolean =>
  followUp.answeredAt === null && now.getTime() <= followUpDeadlineOf(followUp).getTime() + FOLLOW_UP_GRACE_MS;

/** The seconds the page's timer shows: whole seconds left, never below zero. */
export const followUpSecondsLeft = (followUp: Pick<FollowUpRecord, 'servedAt' | 'seconds'>, now: Date): number =>
  Math.max(0, Math.ceil((followUpDeadlineOf(followUp).getTime() - now.getTime()) / 1_000));

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
