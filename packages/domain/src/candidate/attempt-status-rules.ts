import type { InvitationStatus } from '../invitation-status.js';
import { sessionPhase } from './session-phase.js';

/*
 * What the candidate side asks of an invitation's status, as predicates: callers never compare a status string.
 * Both follow `sessionPhase`, whose match is exhaustive, so a new state is placed there once and every caller
 * of these follows (the compiler lists nothing else to edit).
 */

/** The attempt is running: answers, events, runs and snapshots are taken, the page shows the questions. */
export const isAttemptRunning = (status: InvitationStatus): boolean => sessionPhase(status) === 'attempt';

/** The attempt is over (submitted, or its time ran out): its answers are final, it is scored. */
export const isAttemptFinished = (status: InvitationStatus): boolean => sessionPhase(status) === 'finished';
