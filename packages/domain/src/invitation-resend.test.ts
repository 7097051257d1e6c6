import { describe, expect, it } from 'vitest';
import { RESEND_DAILY_CAP, RESEND_INTERVAL_MS, decideResend } from './invitation-resend.js';

const now = Date.UTC(2026, 10, 26, 12);
const minutes = (n: number) => n * 60_000;

describe('decideResend', () => {
  it('allows an invitation never emailed, pending or under way', () => {
    expect(decideResend({ status: 'Pending', sentAt: [], now }).err).toBeUndefined();
    expect(decideResend({ status: 'In progress', sentAt: [], now }).err).toBeUndefined();
    expect(decideResend({ status: 'Reset', sentAt: [], now }).err).toBeUndefined();
  });

  it('refuses an invitation the candidate can no longer take: 409.50', () => {
    for (const status of ['Completed', 'Cancelled'] as const) {
      expect(decideResend({ status, sentAt: [], now }).err?.kind).toBe('invitation-not-takeable');
    }
  });

  it('refuses within the interval of the last email, saying when to try again', () => {
    const refused = decideResend({ status: 'Pending', sentAt: [now - minutes(4)], now }).err;
    expect(refused).toMatchObject({ kind: 'resent-too-recently', retryAfterSeconds: 6 * 60 });
    expect(decideResend({ status: 'Pending', sentAt: [now - RESEND_INTERVAL_MS], now }).err).toBeUndefined();
  });

  it('caps the emails of any 24 hours, freed when the oldest of them ages out', () => {
    const sentAt = Array.from({ length: RESEND_DAILY_CAP }, (_, i) => now - minutes(60 * (i + 1)));
    const refused = decideResend({ status: 'Pending', sentAt, now }).err;
    expect(refused?.kind).toBe('resent-too-recently');
    // The oldest of the five was 5 hours ago: it leaves the day in 19 hours.
    expect(refused?.retryAfterSeconds).toBe(19 * 3600);
    const oneAgedOut = [now - minutes(25 * 60), ...sentAt.slice(1)];
    expect(decideResend({ status: 'Pending', sentAt: oneAgedOut, now }).err).toBeUndefined();
  });
});
