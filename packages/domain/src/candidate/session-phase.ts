import type { InvitationStatus } from '../invitation-status.js';

/**
 * What the candidate API shows of an invitation. Questions and saved answers only while the attempt runs:
 * before the start (whether or not it may start now) the landing page gets counts, durations and rules;
 * after it, only the finish state. So the question bank cannot be read without starting the clock.
 */
export type SessionPhase = 'landing' | 'attempt' | 'finished' | 'cancelled';

/**
 * Every status placed, or the build fails. A table rather than ts-pattern's `match`: the candidate page imports this
 * (through the status predicates), and its bundle is paid for by every candidate (ts-pattern is ~5 kB of it).
 */
const PHASE_OF: Readonly<Record<InvitationStatus, SessionPhase>> = {
  Pending: 'landing',
  Reset: 'landing',
  'In progress': 'attempt',
  Completed: 'finished',
  Cancelled: 'cancelled',
};

export const sessionPhase = (status: InvitationStatus): SessionPhase => PHASE_OF[status];
