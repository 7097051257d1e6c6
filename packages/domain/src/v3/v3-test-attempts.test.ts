import { describe, expect, it } from 'vitest';
import { MAX_TEST_ATTEMPTS, type V3AttemptRow, v3AttemptsWindow, v3TestAttemptsOf } from './v3-test-attempts.js';

const row = (id: number, extra: Partial<V3AttemptRow> = {}): V3AttemptRow => ({
  testInvitationId: id,
  testId: 3,
  name: 'Grace Hopper',
  email: `g${id}@example.com`,
  selfRegistered: false,
  status: 'Completed',
  endReason: 'submitted',
  ...extra,
});

describe('v3AttemptsWindow', () => {
  it('reads a date-time without a zone as UTC, with the same instants as with Z', () => {
    const zoned = v3AttemptsWindow({ StartDateTime: '2026-11-01T00:00:00Z', EndDateTime: '2026-11-02T00:00:00Z' });
    expect(zoned.val).toEqual({ from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 10, 2) });
    expect(v3AttemptsWindow({ StartDateTime: '2026-11-01T00:00:00', EndDateTime: '2026-11-02T00:00:00' })).toEqual(zoned);
  });

  it('refuses an end at or before the start (400.63) and a window over 31 days (400.64), and takes exactly 31', () => {
    expect(v3AttemptsWindow({ StartDateTime: '2026-11-02T00:00:00Z', EndDateTime: '2026-11-02T00:00:00Z' }).err?.kind).toBe('window-ends-before-start');
    expect(v3AttemptsWindow({ StartDateTime: '2026-11-01T00:00:00Z', EndDateTime: '2026-12-02T00:00:01Z' }).err?.kind).toBe('window-too-long');
    expect(v3AttemptsWindow({ StartDateTime: '2026-11-01T00:00:00Z', EndDateTime: '2026-12-02T00:00:00Z' }).err).toBeUndefined();
  });
});

describe('v3TestAttemptsOf', () => {
  it("names each attempt's status in the reconciliation's own words (decision 1028) and how it was made", () => {
    const answer = v3TestAttemptsOf([row(1), row(2, { endReason: 'time-up' }), row(3, { endReason: 'terminated', selfRegistered: true })], 'completed');
    expect(answer.val?.result.testAttempts.map(({ testStatus, invitationtype }) => [testStatus, invitationtype])).toEqual([
      ['Completed', 'api'],
      ['Testleft', 'api'],
      ['Terminated', 'app'],
    ]);
    expect(v3TestAttemptsOf([row(5, { status: 'Cancelled', endReason: null })], 'cancelled').val?.result.testAttempts[0]?.testStatus).toBe('Cancelled');
    expect(v3TestAttemptsOf([row(4, { status: 'Pending', endReason: null })], 'expired').val?.result.testAttempts[0]?.testStatus).toBe('Expired');
  });

  it('refuses more attempts than the bound (400.65) rather than leave any out', () => {
    const rows = Array.from({ length: MAX_TEST_ATTEMPTS + 1 }, (_, index) => row(index + 1));
    expect(v3TestAttemptsOf(rows, 'completed').err?.kind).toBe('window-too-many-attempts');
    expect(v3TestAttemptsOf(rows.slice(1), 'completed').val?.result.testAttempts).toHaveLength(MAX_TEST_ATTEMPTS);
  });
});
