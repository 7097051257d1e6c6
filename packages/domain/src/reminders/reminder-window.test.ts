import { describe, expect, it } from 'vitest';
import { admissionVerdict } from '../candidate/admission.js';
import { decideInvitationExpiry } from './invitation-expiry.js';
import { invitationExpired, windowClosesAt } from './reminder-window.js';

const END = Date.UTC(2026, 11, 10, 17);
const EXPIRY = Date.UTC(2026, 11, 9, 12);

describe('when the window closes', () => {
  it('is the earlier of the link end and the invitation expiry', () => {
    const linkWindow = { accessTime: 1 as const, start: END - 86_400_000 * 10, end: END };
    expect(windowClosesAt({ expiresAt: null, linkWindow })).toBe(END);
    expect(windowClosesAt({ expiresAt: EXPIRY, linkWindow })).toBe(EXPIRY);
    expect(windowClosesAt({ expiresAt: END + 1, linkWindow })).toBe(END);
    expect(windowClosesAt({ expiresAt: EXPIRY, linkWindow: { accessTime: 0 } })).toBe(EXPIRY);
    expect(windowClosesAt({ expiresAt: null, linkWindow: { accessTime: 0 } })).toBeNull();
    expect(windowClosesAt({ expiresAt: null })).toBeNull();
  });

  it('an expired invitation is refused at the start as a closed period (403.7), a started one runs on', () => {
    expect(invitationExpired(EXPIRY, EXPIRY - 1)).toBe(false);
    expect(invitationExpired(EXPIRY, EXPIRY)).toBe(true);
    expect(admissionVerdict({ invitationStatus: 'Pending', testStatus: 'Active', expiresAt: EXPIRY }, EXPIRY)).toBe('closed');
    expect(admissionVerdict({ invitationStatus: 'Pending', testStatus: 'Active', expiresAt: EXPIRY }, EXPIRY - 1)).toBe('open');
    expect(admissionVerdict({ invitationStatus: 'In progress', testStatus: 'Active', expiresAt: EXPIRY }, EXPIRY + 1)).toBe('open');
  });
});

describe('setting an invitation expiry', () => {
  const NOW = Date.UTC(2026, 10, 25, 12);
  it('takes a future date-time or null while not started', () => {
    expect(decideInvitationExpiry('Pending', '2026-12-01T09:00:00', NOW)).toEqual({ val: Date.UTC(2026, 11, 1, 9) });
    expect(decideInvitationExpiry('Reset', null, NOW)).toEqual({ val: null });
  });
  it('refuses the past (400.22), a malformed date (400.5) and a started invitation (403.4)', () => {
    expect(decideInvitationExpiry('Pending', '2026-11-25T12:00:00', NOW).err?.kind).toBe('expiry-not-in-future');
    expect(decideInvitationExpiry('Pending', '2026-02-30T12:00:00', NOW).err?.kind).toBe('malformed-date-time');
    expect(decideInvitationExpiry('In progress', '2026-12-01T09:00:00', NOW).err?.kind).toBe('operation-not-allowed');
  });
});
