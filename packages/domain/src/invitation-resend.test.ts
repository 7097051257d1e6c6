import { describe, expect, it } from 'vitest';
import { RESEND_DAILY_CAP, RESEND_INTERVAL_MS, decideResend } from './invitation-resend.js';

const now = Date.UTC(2026, 10, 26, 12);
const minutes = (n: number) => n * 60_000;

describe('decideResend', () => {
  it('allows an invitation never emailed, pending or under way', () => {
    expect(decideResend({ status: 'Pending', expiresAt: null, sentAt: [], now }).err).toBeUndefined();
    expect(decideResend({ status: 'In progress', expiresAt: null, sentAt: [], now }).err).toBeUndefined();
    expect(decideResend({ status: 'Reset', expiresAt: null, sentAt: [], now }).err).toBeUndefined();
  });

  it('refuses an invitation the candidate can no longer take: 409.50', () => {
    for (const status of ['Completed', 'Cancelled'] as const) {
      expect(decideResend({ status, expiresAt: null, sentAt: [], now }).err?.kind).toBe('invitation-not-takeable');
    }
  });

  it('refuses an expired invitation with 409.50, saying which end to extend first (decision 1392)', () => {
    const expired = decideResend({ status: 'Pending', expiresAt: now - minutes(1), sentAt: [], now }).err;
    expect(expired?.kind).toBe('invitation-not-takeable');
    expect(expired?.message).toMatch(/expired at 2026-11-26T11:59:00 UTC.*extend it first\.$/);
    const linkWindow = { accessTime: 1, start: now - minutes(600), end: now - minutes(60) } as const;
    const linkEnded = decideResend({ status: 'Reset', expiresAt: null, linkWindow, sentAt: [], now }).err;
    expect(linkEnded?.message).toMatch(/link ended at 2026-11-26T11:00:00 UTC.*extend the link first\.$/);
    // A started attempt runs to its deadline whatever the expiry: its link is still worth sending.
    expect(decideResend({ status: 'In progress', expiresAt: now - minutes(1), sentAt: [], now }).err).toBeUndefined();
    expect(decideResend({ status: 'Pending', expiresAt: now + minutes(1), sentAt: [], now }).err).toBeUndefined();
  });

  it('refuses within the interval of the last email, saying when to try again', () => {
    const refused = decideResend({ status: 'Pending', expiresAt: null, sentAt: [now - minutes(4)], now }).err;
    expect(refused).toMatchObject({ kind: 'resent-too-recently', retryAfterSeconds: 6 * 60 });
    expect(decideResend({ status: 'Pending', expiresAt: null, sentAt: [now - RESEND_INTERVAL_MS], now }).err).toBeUndefined();
  });

  it('caps the emails of any 24 hours, freed when the oldest of them ages out', () => {
    const sentAt = Array.from({ length: RESEND_DAILY_CAP }, (_, i) => now - minutes(60 * (i + 1)));
    const refused = decideResend({ status: 'Pending', expiresAt: null, sentAt, now }).err;
    expect(refused?.kind).toBe('resent-too-recently');
    // The oldest of the five was 5 hours ago: it leaves the day in 19 hours.
    expect(refused?.retryAfterSeconds).toBe(19 * 3600);
    const oneAgedOut = [now - minutes(25 * 60), ...sentAt.slice(1)];
    expect(decideResend({ status: 'Pending', expiresAt: null, sentAt: oneAgedOut, now }).err).toBeUndefined();
  });
});
