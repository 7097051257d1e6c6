import { z } from 'zod';
import type { InvitationStatus } from '../invitation-status.js';

// TEMPORARY: the lead's "issue 52: foundation" names, until that commit is merged (then this file goes).
export const AttemptEndReason = z.enum(['submitted', 'time-up', 'terminated']);
export type AttemptEndReason = z.infer<typeof AttemptEndReason>;
export const V3InvitationStatus = z.enum(['Pending', 'In Progress', 'Complete', 'Test Left', 'Terminated', 'Cancelled', 'Expired']);
export type V3InvitationStatus = z.infer<typeof V3InvitationStatus>;
export const v3StatusOf = (input: { status: InvitationStatus; endReason: AttemptEndReason | null; accessEnded: boolean }): V3InvitationStatus => {
  switch (input.status) {
    case 'Completed':
      return input.endReason === 'time-up' ? 'Test Left' : input.endReason === 'terminated' ? 'Terminated' : 'Complete';
    case 'In progress':
      return 'In Progress';
    case 'Cancelled':
      return 'Cancelled';
    default:
      return input.accessEnded ? 'Expired' : 'Pending';
  }
};
