import { describe, it, expect } from 'vitest';
import { InvitationStatus } from '../invitation-status.js';
import { isAttemptFinished, isAttemptRunning } from './attempt-status-rules.js';

describe('status predicates of the candidate side', () => {
  it('a running attempt is one In progress', () => {
    expect(InvitationStatus.options.filter(isAttemptRunning)).toEqual(['In progress']);
  });

  it('a finished attempt is a Completed one (a cancelled invitation never ran)', () => {
    expect(InvitationStatus.options.filter(isAttemptFinished)).toEqual(['Completed']);
  });
});
