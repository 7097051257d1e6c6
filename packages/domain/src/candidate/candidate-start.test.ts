import { describe, it, expect } from 'vitest';
import { resolveAccessWindow, type AccessWindow } from '../access-time.js';
import { InvitationStatus, moveInvitation, type InvitationFacts } from '../invitation-status.js';
import { requireRunningAttempt } from './attempt-gate.js';
import { startByCandidate, type StartAdmission, type StartEvent } from './candidate-start.js';

const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
const START: StartEvent = { type: 'start', at: T0, durationMinutes: 30, extraTimePercent: 50 };
const facts = (status: InvitationStatus): InvitationFacts => ({
  status,
  deadline: status === 'In progress' || status === 'Completed' ? T0 : null,
  proctoring: { wv: 0, tv: 0, leftAt: null },
});
const windowOf = (startDateTime: string, endDateTime: string): AccessWindow => {
  const window = resolveAccessWindow({ accessTime: 1, startDateTime, endDateTime });
  if (window.err) throw new Error(window.err.message);
  return window.val;
};
const open: StartAdmission = { testStatus: 'Active' };

describe("startByCandidate: the candidate's start, one decision", () => {
  it.each(['Pending', 'Reset'] as const)('starts a %s invitation the test admits: the clock runs from now, with the accommodation', (status) => {
    expect(startByCandidate(facts(status), open, START).val).toEqual({
      next: 'In progress',
      effect: { kind: 'startAttempt', startedAt: T0, deadline: T0 + 45 * 60_000 },
    });
  });

  it('a second start of a running attempt changes nothing', () => {
    expect(startByCandidate(facts('In progress'), open, START).val).toEqual({ next: 'In progress', effect: { kind: 'none' } });
  });

  it.each([
    ['an inactive test', { testStatus: 'Inactive' }, { kind: 'test-inactive', message: 'This test is not available at the moment.' }],
    [
      'an inactive link',
      { testStatus: 'Active', link: { status: 3, window: windowOf('2026-11-01T00:00:00', '2026-12-31T00:00:00') } },
      { kind: 'link-inactive', message: 'This test link is no longer active.' },
    ],
    [
      'a link not open yet',
      { testStatus: 'Active', link: { status: 1, window: windowOf('2026-12-02T00:00:00', '2026-12-31T00:00:00') } },
      { kind: 'test-not-open-yet', message: 'This test is not open yet.' },
    ],
    [
      'a link closed',
      { testStatus: 'Active', link: { status: 1, window: windowOf('2026-11-01T00:00:00', '2026-11-30T00:00:00') } },
      { kind: 'access-period-ended', message: 'The period for taking this test has ended.' },
    ],
  ] as const)('refuses a start through %s', (_label, admission: StartAdmission, refusal) => {
    expect(startByCandidate(facts('Pending'), admission, START)).toEqual({ err: refusal });
  });

  it('waits for the invitation’s own opening (a v3 startDateTime, decision 1024) like a link not open yet, then starts', () => {
    const later: StartAdmission = { testStatus: 'Active', opensAt: T0 + 1 };
    expect(startByCandidate(facts('Pending'), later, START)).toEqual({ err: { kind: 'test-not-open-yet', message: 'This test is not open yet.' } });
    expect(startByCandidate(facts('Pending'), { testStatus: 'Active', opensAt: T0 }, START).val?.next).toBe('In progress');
    expect(startByCandidate(facts('Pending'), { testStatus: 'Active', opensAt: null }, START).val?.next).toBe('In progress');
  });

  it('refuses a finished or cancelled invitation before its test or link is asked', () => {
    const closedTest: StartAdmission = { testStatus: 'Inactive' };
    expect(startByCandidate(facts('Completed'), closedTest, START)).toEqual({
      err: { kind: 'attempt-over', message: 'You have already completed this test.' },
    });
    expect(startByCandidate(facts('Cancelled'), closedTest, START)).toEqual({
      err: { kind: 'invitation-cancelled', message: 'This invitation has been cancelled.' },
    });
  });

  it('the machine alone refuses those two starts in the same words', () => {
    for (const status of ['Completed', 'Cancelled'] as const)
      expect(moveInvitation(facts(status), START)).toEqual(startByCandidate(facts(status), open, START));
  });
});

describe("the machine's submit refusals are the candidate's", () => {
  it.each(InvitationStatus.options.filter((status) => status !== 'In progress' && status !== 'Completed'))(
    'a submit of an invitation %s is refused as an answer to it would be',
    (status) => {
      expect(moveInvitation(facts(status), { type: 'submit', at: T0 }).err).toEqual(requireRunningAttempt(status).err);
    },
  );
});
