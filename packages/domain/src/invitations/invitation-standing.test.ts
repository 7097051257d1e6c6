import { describe, expect, it } from 'vitest';
import { invitationStatuses } from '../invitation-status.js';
import { invitationStanding } from './invitation-standing.js';

const NOW = Date.UTC(2026, 10, 28, 12);
const HOUR = 60 * 60 * 1000;

describe('invitationStanding', () => {
  it('reads a Pending invitation past its own expiry as Expired, and at the very instant too', () => {
    expect(invitationStanding({ status: 'Pending', expiresAt: NOW - HOUR }, NOW)).toBe('Expired');
    expect(invitationStanding({ status: 'Pending', expiresAt: NOW }, NOW)).toBe('Expired');
    expect(invitationStanding({ status: 'Pending', expiresAt: NOW + 1 }, NOW)).toBe('Pending');
    expect(invitationStanding({ status: 'Pending', expiresAt: null }, NOW)).toBe('Pending');
  });

  it("reads one whose link's end has passed as Expired, though it has no expiry of its own", () => {
    const linkWindow = { accessTime: 1, start: NOW - 48 * HOUR, end: NOW - HOUR } as const;
    expect(invitationStanding({ status: 'Pending', expiresAt: null, linkWindow }, NOW)).toBe('Expired');
    expect(invitationStanding({ status: 'Pending', expiresAt: null, linkWindow: { ...linkWindow, end: NOW + HOUR } }, NOW)).toBe('Pending');
    expect(invitationStanding({ status: 'Pending', expiresAt: null, linkWindow: { accessTime: 0 } }, NOW)).toBe('Pending');
  });

  it('lets a Reset invitation lapse like a Pending one', () => {
    expect(invitationStanding({ status: 'Reset', expiresAt: NOW - HOUR }, NOW)).toBe('Expired');
    expect(invitationStanding({ status: 'Reset', expiresAt: NOW + HOUR }, NOW)).toBe('Reset');
  });

  it('never lapses a started, completed or cancelled invitation', () => {
    for (const status of ['In progress', 'Completed', 'Cancelled'] as const) {
      expect(invitationStanding({ status, expiresAt: NOW - HOUR }, NOW)).toBe(status);
    }
  });

  it('answers every stored status with itself while the window is open', () => {
    for (const status of invitationStatuses) expect(invitationStanding({ status, expiresAt: NOW + HOUR }, NOW)).toBe(status);
  });
});
