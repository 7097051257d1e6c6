import { describe, expect, it } from 'vitest';
import { InvitationStatus } from '../invitation-status.js';
import { sessionPhase } from './session-phase.js';

describe('sessionPhase', () => {
  it.each([
    ['Pending', 'landing'],
    ['Reset', 'landing'],
    ['In progress', 'attempt'],
    ['Completed', 'finished'],
    ['Cancelled', 'cancelled'],
  ] as const)('%s shows the %s', (status, phase) => {
    expect(sessionPhase(status)).toBe(phase);
  });

  it('only a running attempt shows questions', () => {
    expect(InvitationStatus.options.filter((status) => sessionPhase(status) === 'attempt')).toEqual(['In progress']);
  });
});
