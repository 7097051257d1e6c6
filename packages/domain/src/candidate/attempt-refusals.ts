import type { Refusal, Result } from '../result.js';

/**
 * What a candidate is told when their invitation is not in the state a move needs. One home for each sentence and
 * its code: the machine's candidate moves (start, submit), the admission verdict and the attempt gate (answers,
 * events, runs, snapshots) all refuse with these, so whichever decides, the candidate hears the same answer.
 */
export const NOT_STARTED: Refusal = { kind: 'attempt-not-started', message: 'Start the test first.' };
export const INVITATION_CANCELLED: Refusal = { kind: 'invitation-cancelled', message: 'This invitation has been cancelled.' };
/** Asked of an attempt that has ended (submitted, or its time ran out). */
export const ATTEMPT_OVER: Refusal = { kind: 'attempt-over', message: 'The test is over: it was submitted or its time is up.' };
/** Asked to start a test already taken. */
export const ALREADY_COMPLETED: Refusal = { kind: 'attempt-over', message: 'You have already completed this test.' };

/** One of these as the outcome of a decision. */
export const refusedWith = <T = never>(refusal: Refusal): Result<T> => ({ err: refusal });
