import { describe, it, expect } from 'vitest';
import { InvitationStatus, type InvitationFacts } from '../invitation-status.js';
import { isPastDeadline } from './attempt-clock.js';
import { dueToExpire, expireIfDue, expiryCutoff } from './attempt-expiry.js';
import { MAX_ANSWER_GRACE_MS, expiryOf } from './attempt-gate.js';

const DEADLINE = Date.UTC(2026, 11, 1, 10, 0, 0);
const GRACE = 30_000;
const running = (deadline: number | null = DEADLINE): InvitationFacts => ({ status: 'In progress', deadline, proctoring: { wv: 0, tv: 0, leftAt: null } });

describe('dueToExpire: when a running attempt completes without its candidate', () => {
  it('not at the deadline itself: answers made before it may still arrive for the grace', () => {
    expect(dueToExpire(running(), GRACE, DEADLINE)).toBe(false);
    expect(dueToExpire(running(), GRACE, DEADLINE + GRACE - 1)).toBe(false);
  });

  it('once the grace after the deadline has passed', () => {
    expect(dueToExpire(running(), GRACE, DEADLINE + GRACE)).toBe(true);
    expect(dueToExpire(running(), GRACE, DEADLINE + 24 * 3_600_000)).toBe(true);
  });

  it('with no grace, at the deadline', () => {
    expect(dueToExpire(running(), 0, DEADLINE - 1)).toBe(false);
    expect(dueToExpire(running(), 0, DEADLINE)).toBe(true);
  });

  it('a grace beyond the clock-skew bound counts only up to it', () => {
    expect(dueToExpire(running(), 10 * MAX_ANSWER_GRACE_MS, DEADLINE + MAX_ANSWER_GRACE_MS)).toBe(true);
  });

  it.each(InvitationStatus.options.filter((status) => status !== 'In progress'))('never an invitation %s, however late', (status) => {
    expect(dueToExpire({ status, deadline: DEADLINE }, GRACE, DEADLINE + 24 * 3_600_000)).toBe(false);
  });

  it('never a running attempt without a deadline', () => {
    expect(dueToExpire(running(null), GRACE, DEADLINE + 24 * 3_600_000)).toBe(false);
  });

  it("says what the candidate API's check said before (the deadline plus the grace reached)", () => {
    for (const grace of [0, 1, GRACE, MAX_ANSWER_GRACE_MS, 5 * MAX_ANSWER_GRACE_MS]) {
      for (const late of [-1, 0, 1, grace - 1, grace, grace + 1, MAX_ANSWER_GRACE_MS, MAX_ANSWER_GRACE_MS + 1]) {
        const now = DEADLINE + late;
        expect(dueToExpire(running(), grace, now), `grace ${grace}, ${late} ms late`).toBe(isPastDeadline(expiryOf(DEADLINE, grace), now));
      }
    }
  });
});

describe("expiryCutoff: the deadline sweeper's query", () => {
  it('lists exactly the running attempts due to expire: deadlines at or before the cut-off', () => {
    const now = DEADLINE + GRACE;
    expect(expiryCutoff(GRACE, now)).toBe(DEADLINE);
    for (const deadline of [DEADLINE - 1, DEADLINE, DEADLINE + 1]) {
      expect(deadline <= expiryCutoff(GRACE, now)).toBe(dueToExpire(running(deadline), GRACE, now));
    }
  });

  it('bounds the grace as dueToExpire does', () => {
    expect(expiryCutoff(10 * MAX_ANSWER_GRACE_MS, DEADLINE)).toBe(DEADLINE - MAX_ANSWER_GRACE_MS);
  });
});

describe('expireIfDue: the expiry decided on the invitation as the move finds it', () => {
  it('completes an attempt due to expire, at its deadline', () => {
    const move = expireIfDue(running(), GRACE, DEADLINE + GRACE);
    expect(move.val).toMatchObject({ next: 'Completed', effect: { kind: 'completeAttempt', completedAt: DEADLINE } });
  });

  it('leaves an attempt started again since (a later deadline) as it is', () => {
    expect(expireIfDue(running(DEADLINE + 3_600_000), GRACE, DEADLINE + GRACE).val).toEqual({ next: 'In progress', effect: { kind: 'none' } });
  });

  it.each(['Completed', 'Reset'] as const)('leaves an invitation %s since as it is', (status) => {
    expect(expireIfDue({ ...running(), status }, GRACE, DEADLINE + GRACE).val).toEqual({ next: status, effect: { kind: 'none' } });
  });
});
