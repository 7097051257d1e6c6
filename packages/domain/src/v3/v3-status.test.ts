import { describe, expect, it } from 'vitest';
import { InvitationStatus } from '../invitation-status.js';
import { v3StatusOf } from './v3-status.js';

describe('v3StatusOf', () => {
  it('names every v2 state and end reason in v3 words', () => {
    expect(v3StatusOf({ status: 'Pending', endReason: null, accessEnded: false })).toBe('Pending');
    expect(v3StatusOf({ status: 'Reset', endReason: null, accessEnded: false })).toBe('Pending');
    expect(v3StatusOf({ status: 'Pending', endReason: null, accessEnded: true })).toBe('Expired');
    expect(v3StatusOf({ status: 'Reset', endReason: null, accessEnded: true })).toBe('Expired');
    expect(v3StatusOf({ status: 'In progress', endReason: null, accessEnded: true })).toBe('In Progress');
    expect(v3StatusOf({ status: 'Cancelled', endReason: null, accessEnded: true })).toBe('Cancelled');
    expect(v3StatusOf({ status: 'Completed', endReason: 'submitted', accessEnded: false })).toBe('Complete');
    expect(v3StatusOf({ status: 'Completed', endReason: 'time-up', accessEnded: true })).toBe('Test Left');
    expect(v3StatusOf({ status: 'Completed', endReason: 'terminated', accessEnded: false })).toBe('Terminated');
  });

  it('reads an attempt completed before end reasons were kept as Complete', () => {
    expect(v3StatusOf({ status: 'Completed', endReason: null, accessEnded: false })).toBe('Complete');
  });

  it('answers for every state', () => {
    for (const status of InvitationStatus.options) expect(v3StatusOf({ status, endReason: null, accessEnded: false })).toBeTypeOf('string');
  });
});
