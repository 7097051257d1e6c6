import { match } from 'ts-pattern';
import type { InvitationStatus } from '../invitation-status.js';
import { ok, refuse, type Result } from '../result.js';

/** Answers, events, snapshots and runs are taken only while the attempt is running. */
export const requireRunningAttempt = (status: InvitationStatus): Result<true> =>
  match(status)
    .with('In progress', () => ok(true as const))
    .with('Pending', 'Reset', () => refuse<true>('403.13', 'Start the test first.'))
    .with('Completed', () => refuse<true>('403.11', 'The test is over: it was submitted or its time is up.'))
    .with('Cancelled', () => refuse<true>('403.9', 'This invitation has been cancelled.'))
    .exhaustive();
