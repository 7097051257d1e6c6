import { describe, it, expect } from 'vitest';
import { InvitationStatus } from '../invitation-status.js';
import { CLIENT_CLOCK_TOLERANCE_MS } from './attempt-clock.js';
import { DEFAULT_ANSWER_GRACE_MS, MAX_ANSWER_GRACE_MS, acceptAnswer, expiryOf, requireRunningAttempt, requireTimeLeft } from './attempt-gate.js';

describe('requireRunningAttempt', () => {
  it('lets a running attempt through', () => {
    expect(requireRunningAttempt('In progress')).toEqual({ val: true });
  });

  const refusals = [
    ['Pending', 'attempt-not-started'],
    ['Reset', 'attempt-not-started'],
    ['Completed', 'attempt-over'],
    ['Cancelled', 'invitation-cancelled'],
  ] as const;

  it.each(refusals)('refuses %s with %s and a message', (status, code) => {
    const result = requireRunningAttempt(status);
    expect(result.val).toBeUndefined();
    expect(result.err?.kind).toBe(code);
    expect(result.err?.message.trim()).not.toBe('');
  });

  it('decides every invitation status', () => {
    expect(new Set(['In progress', ...refusals.map(([status]) => status)])).toEqual(new Set(InvitationStatus.options));
  });
});

describe('acceptAnswer: late saves made before the deadline', () => {
  const startedAt = Date.UTC(2026, 11, 1, 9, 0, 0);
  const deadline = startedAt + 30 * 60_000;
  const base = { status: 'In progress' as const, startedAt, deadline, graceMs: DEFAULT_ANSWER_GRACE_MS };

  it('before the deadline, any answer is taken', () => {
    expect(acceptAnswer({ ...base, now: deadline - 1 })).toEqual({ val: true });
    expect(acceptAnswer({ ...base, now: deadline - 1, editedAt: deadline - 5_000 })).toEqual({ val: true });
  });

  it.each([1, 10_000, 59_999])('%s ms after the deadline, an answer made before it is taken', (late) => {
    expect(acceptAnswer({ ...base, now: deadline + late, editedAt: deadline - 1 })).toEqual({ val: true });
  });

  it('an answer made at or after the deadline is refused with 403.11', () => {
    expect(acceptAnswer({ ...base, now: deadline + 1_000, editedAt: deadline }).err?.kind).toBe('attempt-over');
    expect(acceptAnswer({ ...base, now: deadline + 1_000 }).err?.kind).toBe('attempt-over');
  });

  it('past the grace, even an answer made before the deadline is refused', () => {
    expect(acceptAnswer({ ...base, now: deadline + DEFAULT_ANSWER_GRACE_MS, editedAt: deadline - 1 }).err?.kind).toBe('attempt-over');
  });

  it('a claimed instant further back than the clock tolerance is not believed', () => {
    expect(acceptAnswer({ ...base, now: deadline + 30_000, editedAt: deadline - CLIENT_CLOCK_TOLERANCE_MS - 1 }).err?.kind).toBe('attempt-over');
  });

  it('a grace longer than the tolerance is capped at it', () => {
    const late = deadline + MAX_ANSWER_GRACE_MS + 1_000;
    expect(acceptAnswer({ ...base, graceMs: 10 * MAX_ANSWER_GRACE_MS, now: late, editedAt: late - 2_000 }).err?.kind).toBe('attempt-over');
    expect(expiryOf(deadline, 10 * MAX_ANSWER_GRACE_MS)).toBe(deadline + MAX_ANSWER_GRACE_MS);
  });

  it('a zero grace takes nothing after the deadline', () => {
    expect(acceptAnswer({ ...base, graceMs: 0, now: deadline, editedAt: deadline - 1 }).err?.kind).toBe('attempt-over');
  });

  it.each([
    ['Pending', 'attempt-not-started'],
    ['Completed', 'attempt-over'],
    ['Cancelled', 'invitation-cancelled'],
  ] as const)('an attempt %s takes no answer (%s)', (status, code) => {
    expect(acceptAnswer({ ...base, status, now: startedAt + 1 }).err?.kind).toBe(code);
  });
});

describe('requireTimeLeft', () => {
  it('runs and snapshots stop at the deadline itself', () => {
    expect(requireTimeLeft('In progress', 10_000, 9_999)).toEqual({ val: true });
    expect(requireTimeLeft('In progress', 10_000, 10_000).err?.kind).toBe('attempt-over');
    expect(requireTimeLeft('In progress', null, 10_000)).toEqual({ val: true });
    expect(requireTimeLeft('Reset', 10_000, 1).err?.kind).toBe('attempt-not-started');
  });
});
