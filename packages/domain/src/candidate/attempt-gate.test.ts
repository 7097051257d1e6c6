import { describe, it, expect } from 'vitest';
import { InvitationStatus } from '../invitation-status.js';
import { requireRunningAttempt } from './attempt-gate.js';

describe('requireRunningAttempt', () => {
  it('lets a running attempt through', () => {
    expect(requireRunningAttempt('In progress')).toEqual({ val: true });
  });

  const refusals = [
    ['Pending', '403.13'],
    ['Reset', '403.13'],
    ['Completed', '403.11'],
    ['Cancelled', '403.9'],
  ] as const;

  it.each(refusals)('refuses %s with %s and a message', (status, code) => {
    const result = requireRunningAttempt(status);
    expect(result.val).toBeUndefined();
    expect(result.err?.code).toBe(code);
    expect(result.err?.message.trim()).not.toBe('');
  });

  it('decides every invitation status', () => {
    expect(new Set(['In progress', ...refusals.map(([status]) => status)])).toEqual(new Set(InvitationStatus.options));
  });
});
