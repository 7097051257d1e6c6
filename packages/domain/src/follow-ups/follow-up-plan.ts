import type { AttemptAiSnapshot } from '../ai/attempt-ai-snapshot.js';

/** The question types follow-ups are about: code, and written answers long enough to ask about (decision 1221). */
export type FollowUpKind = 'code' | 'text';

export const followUpKindOf = (questionType: string): FollowUpKind | null =>
  questionType === 'coding' ? 'code' : questionType === 'free_text' ? 'text' : null;

/**
 * How many follow-ups a submitted answer gets (decision 1220): the attempt's snapshot's `followUps` for a coding or
 * free-text question with a non-blank answer; none without a snapshot (nothing was promised before the start), for
 * other types, or for a blank answer (there is nothing of theirs to ask about).
 */
export const followUpCountFor = (snapshot: AttemptAiSnapshot | null, questionType: string, answer: string): number =>
  snapshot !== null && followUpKindOf(questionType) !== null && answer.trim() !== '' ? snapshot.settings.followUps : 0;

/** The seconds each follow-up of the attempt gets. */
export const followUpSecondsOf = (snapshot: AttemptAiSnapshot): number => snapshot.settings.followUpSeconds;
