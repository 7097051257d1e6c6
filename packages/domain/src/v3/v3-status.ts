import { match } from 'ts-pattern';
import { z } from 'zod';
import type { AttemptEndReason } from '../candidate/attempt-end.js';
import type { InvitationStatus } from '../invitation-status.js';

/** An invitation's state in iMocha v3's words (issue 52). */
export const V3InvitationStatus = z.enum(['Pending', 'In Progress', 'Complete', 'Test Left', 'Terminated', 'Cancelled', 'Expired']);
export type V3InvitationStatus = z.infer<typeof V3InvitationStatus>;

export interface V3StatusFacts {
  readonly status: InvitationStatus;
  /** Null for an attempt that has not ended, and for one that ended before end reasons were kept (read as submitted). */
  readonly endReason: AttemptEndReason | null;
  /** The invitation's own expiry or its link's window has passed (an unstarted invitation then reads Expired). */
  readonly accessEnded: boolean;
}

/**
 * v2's states and the attempt's end reason in v3's words (decision 886): a Reset invitation waits for a new start
 * like a Pending one; an attempt completed before migration 044 kept no reason and reads Complete.
 */
export const v3StatusOf = (facts: V3StatusFacts): V3InvitationStatus =>
  match<InvitationStatus, V3InvitationStatus>(facts.status)
    .with('Pending', 'Reset', () => (facts.accessEnded ? 'Expired' : 'Pending'))
    .with('In progress', () => 'In Progress')
    .with('Cancelled', () => 'Cancelled')
    .with('Completed', () =>
      match<AttemptEndReason | null, V3InvitationStatus>(facts.endReason)
        .with('time-up', () => 'Test Left')
        .with('terminated', () => 'Terminated')
        .with('submitted', null, () => 'Complete')
        .exhaustive(),
    )
    .exhaustive();
