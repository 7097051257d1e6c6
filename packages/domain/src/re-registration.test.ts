import { describe, expect, it } from 'vitest';
import { invitationStatuses } from './invitation-status.js';
import { decideReRegistration } from './re-registration.js';

const leftOut = { callbackUrl: undefined, redirectUrl: undefined };

describe('decideReRegistration (spec 4.7, registering a candidate again)', () => {
  it('keeps a URL left out, sets one sent, clears one sent as null', () => {
    expect(decideReRegistration({ callbackUrl: undefined, redirectUrl: 'https://ats.example.com/b' }, undefined)).toMatchObject({
      callbackUrl: { kind: 'keep' },
      redirectUrl: { kind: 'set', value: 'https://ats.example.com/b' },
    });
    expect(decideReRegistration({ callbackUrl: null, redirectUrl: undefined }, undefined)).toMatchObject({
      callbackUrl: { kind: 'set', value: null },
      redirectUrl: { kind: 'keep' },
    });
  });

  it('decides the submitted event’s URL like the others: left out keeps it, null clears it, a URL sets it', () => {
    expect(decideReRegistration(leftOut, undefined).submittedCallbackUrl).toEqual({ kind: 'keep' });
    expect(decideReRegistration({ ...leftOut, submittedCallbackUrl: null }, undefined).submittedCallbackUrl).toEqual({ kind: 'set', value: null });
    expect(decideReRegistration({ ...leftOut, submittedCallbackUrl: 'https://ats.example.com/s' }, undefined).submittedCallbackUrl).toEqual({
      kind: 'set',
      value: 'https://ats.example.com/s',
    });
  });

  it.each(invitationStatuses)('decides the URLs the same way whatever the invitation’s state (%s)', (status) => {
    const decided = decideReRegistration(leftOut, { status, extraTimePercent: 0 });
    expect(decided.callbackUrl).toEqual({ kind: 'keep' });
    expect(decided.redirectUrl).toEqual({ kind: 'keep' });
  });

  it('answers the live invitation; invites anew when there is none or it was cancelled', () => {
    expect(decideReRegistration(leftOut, undefined).invitation).toEqual({ kind: 'invite' });
    expect(decideReRegistration(leftOut, { status: 'Cancelled', extraTimePercent: 0 }).invitation).toEqual({ kind: 'invite' });
    for (const status of ['Pending', 'In progress', 'Completed', 'Reset'] as const) {
      expect(decideReRegistration(leftOut, { status, extraTimePercent: 0 }).invitation).toEqual({ kind: 'answer' });
    }
  });

  it('changes extra time only on an invitation not started yet, and only when sent and different', () => {
    const extra = (status: (typeof invitationStatuses)[number], extraTimePercent: number | undefined) =>
      decideReRegistration({ ...leftOut, extraTimePercent }, { status, extraTimePercent: 25 }).invitation;
    expect(extra('Pending', 50)).toEqual({ kind: 'setExtraTime', extraTimePercent: 50 });
    expect(extra('Reset', 0)).toEqual({ kind: 'setExtraTime', extraTimePercent: 0 });
    expect(extra('Pending', 25)).toEqual({ kind: 'answer' });
    expect(extra('Pending', undefined)).toEqual({ kind: 'answer' });
    expect(extra('In progress', 50)).toEqual({ kind: 'answer' });
    expect(extra('Completed', 50)).toEqual({ kind: 'answer' });
  });
});
