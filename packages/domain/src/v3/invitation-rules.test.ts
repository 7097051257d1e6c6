import { describe, expect, it } from 'vitest';
import { invitationStatuses, type InvitationStatus } from '../invitation-status.js';
import { decideV3Cancel, decideV3Reattempt, V3_CANCEL_REFUSED, V3_REATTEMPT_IN_PROGRESS, v3ReinviteOf } from './invitation-rules.js';

describe("v3's re-invite table", () => {
  it.each<[InvitationStatus, string]>([
    ['Pending', 'renew'],
    ['Reset', 'renew'],
    ['Cancelled', 'follow'],
    ['In progress', 'as-is'],
    ['Completed', 'as-is'],
  ])('%s → %s', (status, expected) => {
    expect(v3ReinviteOf(status)).toBe(expected);
  });
});

describe("v3's reattempt table", () => {
  it('a finished attempt (Complete, Test Left, Terminated: Completed to the machine) is reattempted', () => {
    expect(decideV3Reattempt({ status: 'Completed', accessEnded: false })).toEqual({ val: 'reattempt' });
    expect(decideV3Reattempt({ status: 'Completed', accessEnded: true })).toEqual({ val: 'reattempt' });
  });

  it('In Progress is refused in v3’s words', () => {
    expect(decideV3Reattempt({ status: 'In progress', accessEnded: false }).err).toEqual({ kind: 'reattempt-not-allowed', message: V3_REATTEMPT_IN_PROGRESS });
  });

  it.each<[InvitationStatus, boolean, string]>([
    ['Pending', false, 'renew'],
    ['Pending', true, 'renew'],
    ['Reset', false, 'renew'],
    ['Cancelled', false, 'follow'],
  ])('%s (access ended: %s) is renewed as iMocha does, not refused (decision 1023): %s', (status, accessEnded, way) => {
    expect(decideV3Reattempt({ status, accessEnded })).toEqual({ val: way });
  });
});

describe("v3's cancel table", () => {
  it.each<InvitationStatus>(['Pending', 'Reset', 'Cancelled'])('%s (access open) is cancelled', (status) => {
    expect(decideV3Cancel({ status, accessEnded: false })).toEqual({ val: 'cancel' });
  });

  it.each<[InvitationStatus, boolean]>([
    ['Pending', true],
    ['Reset', true],
    ['In progress', false],
    ['Completed', false],
    ['Completed', true],
  ])('%s (access ended: %s) is refused in v3’s words', (status, accessEnded) => {
    expect(decideV3Cancel({ status, accessEnded }).err).toEqual({ kind: 'cancel-not-allowed', message: V3_CANCEL_REFUSED });
  });

  it('every state has an answer for each rule', () => {
    for (const status of invitationStatuses) {
      expect(() => [v3ReinviteOf(status), decideV3Cancel({ status, accessEnded: false }), decideV3Reattempt({ status, accessEnded: false })]).not.toThrow();
    }
  });
});
