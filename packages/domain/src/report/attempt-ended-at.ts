import type { Invitation } from '../records/invitation.js';

/** Where an attempt's departures are replayed up to: its end, else its deadline, else its start. */
export const attemptEndedAt = (invitation: Pick<Invitation, 'completedAt' | 'deadline' | 'startedAt'>): number =>
  invitation.completedAt ?? invitation.deadline ?? invitation.startedAt ?? 0;
