import { describe, expect, it } from 'vitest';
import { invitationEmailWanted, reattemptEmailWanted, registrationEmailRequested } from './invitation-email.js';

describe('invitationEmailWanted', () => {
  it('emails only an invitation the candidate can still open', () => {
    expect(invitationEmailWanted('Pending')).toBe(true);
    expect(invitationEmailWanted('In progress')).toBe(true);
    expect(invitationEmailWanted('Reset')).toBe(true);
    expect(invitationEmailWanted('Completed')).toBe(false);
    expect(invitationEmailWanted('Cancelled')).toBe(false);
  });
});

describe('reattemptEmailWanted', () => {
  it('follows the request when there is one, else the first invitation', () => {
    expect(reattemptEmailWanted({ requested: undefined, firstWasEmailed: true })).toBe(true);
    expect(reattemptEmailWanted({ requested: undefined, firstWasEmailed: false })).toBe(false);
    expect(reattemptEmailWanted({ requested: true, firstWasEmailed: false })).toBe(true);
    expect(reattemptEmailWanted({ requested: false, firstWasEmailed: true })).toBe(false);
  });
});

describe('registrationEmailRequested (decision 815)', () => {
  it('follows the request, else the org default, and stays silent when neither asks', () => {
    expect(registrationEmailRequested(true, false)).toBe(true);
    expect(registrationEmailRequested(false, true)).toBe(false);
    expect(registrationEmailRequested(undefined, true)).toBe(true);
    expect(registrationEmailRequested(undefined, false)).toBeUndefined();
  });
});
