import { match } from 'ts-pattern';
import type { InvitationStatus } from '../invitation-status.js';

/**
 * What the candidate API shows of an invitation. Questions and saved answers only while the attempt runs:
 * before the start (whether or not it may start now) the landing page gets counts, durations and rules;
 * after it, only the finish state. So the question bank cannot be read without starting the clock.
 */
export type SessionPhase = 'landing' | 'attempt' | 'finished' | 'cancelled';

export const sessionPhase = (status: InvitationStatus): SessionPhase =>
  match(status)
    .with('Pending', 'Reset', () => 'landing' as const)
    .with('In progress', () => 'attempt' as const)
    .with('Completed', () => 'finished' as const)
    .with('Cancelled', () => 'cancelled' as const)
    .exhaustive();
