import { describe, expect, it } from 'vitest';
import { decideShareExpiry, decideShareOpen, reportShareOf, shareStanding, type StoredShare } from './report-share.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 1);
const share = (overrides: Partial<StoredShare> = {}): StoredShare => ({
  shareId: 7,
  orgId: 1,
  testInvitationId: 42,
  createdAt: NOW,
  expiresAt: NOW + 14 * DAY,
  revokedAt: null,
  opens: 0,
  lastOpenedAt: null,
  ...overrides,
});

describe('decideShareExpiry', () => {
  it('lasts 14 days when no days are given, and the days asked for from 1 to 90', () => {
    expect(decideShareExpiry(undefined, NOW)).toEqual({ val: NOW + 14 * DAY });
    expect(decideShareExpiry(1, NOW)).toEqual({ val: NOW + DAY });
    expect(decideShareExpiry(90, NOW)).toEqual({ val: NOW + 90 * DAY });
  });

  it.each([0, 91, -3, 2.5])('refuses %s days with the bounds named', (days) => {
    const decision = decideShareExpiry(days, NOW);
    expect(decision.err).toBeDefined();
    expect(decision.err).toEqual({ kind: 'share-days-out-of-bounds', message: `days is a whole number from 1 to 90; got ${days}.` });
  });
});

describe('decideShareOpen', () => {
  it('opens a share before its expiry', () => {
    expect(decideShareOpen(share(), NOW + DAY)).toEqual({ val: share() });
  });

  it('answers an unknown token as not found', () => {
    expect(decideShareOpen(undefined, NOW).err?.kind).toBe('share-not-found');
  });

  it('answers an expired share as gone from the instant it expires', () => {
    expect(decideShareOpen(share(), NOW + 14 * DAY - 1).err).toBeUndefined();
    const decision = decideShareOpen(share(), NOW + 14 * DAY);
    expect(decision.err).toEqual({ kind: 'share-gone', message: 'This report link has expired: ask whoever shared it for a new one.' });
  });

  it('answers a revoked share as gone, revoked rather than expired when both hold', () => {
    const revoked = share({ revokedAt: NOW + DAY });
    expect(decideShareOpen(revoked, NOW + 2 * DAY).err?.message).toContain('revoked');
    expect(shareStanding(revoked, NOW + 30 * DAY)).toBe('revoked');
  });
});

describe('reportShareOf', () => {
  it('lists a share with its instants in ISO and its standing at now', () => {
    expect(reportShareOf(share({ opens: 2, lastOpenedAt: NOW + DAY }), NOW + 20 * DAY)).toEqual({
      shareId: 7,
      testInvitationId: 42,
      createdAt: '2026-11-01T00:00:00.000Z',
      expiresAt: '2026-11-15T00:00:00.000Z',
      revokedAt: null,
      status: 'expired',
      opens: 2,
      lastOpenedAt: '2026-11-02T00:00:00.000Z',
    });
  });
});
