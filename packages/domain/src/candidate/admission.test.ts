import { describe, it, expect } from 'vitest';
import { resolveAccessWindow, type AccessTimeInput, type AccessWindow } from '../access-time.js';
import type { InvitationStatus } from '../invitation-status.js';
import type { TestStatus } from '../schemas/test.js';
import type { TestLinkStatus } from '../schemas/test-link.js';
import { admissionMessage, admissionRefusal, admissionVerdict, type AdmissionFacts } from './admission.js';
import { AccessVerdictCode } from './candidate-api-session.js';

/** Epoch ms of a UTC wall-clock text (milliseconds allowed). */
const at = (text: string): number => {
  const ms = Date.parse(`${text}Z`);
  if (Number.isNaN(ms)) throw new Error(`bad test instant ${text}`);
  return ms;
};

const windowOf = (input: AccessTimeInput): AccessWindow => {
  const result = resolveAccessWindow(input);
  if (result.err) throw new Error(`expected a window, got ${result.err.kind}: ${result.err.message}`);
  return result.val;
};

const anytime = windowOf({ accessTime: 0 });
/** 1 Dec 09:00 to 5 Dec 17:00 UTC. */
const period = windowOf({ accessTime: 1, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T17:00:00' });
/** The same dates, open 09:00 to 17:00 UTC each day. */
const slots = windowOf({ accessTime: 2, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T17:00:00' });
/** Open 22:00 to 06:00 UTC each night: the daily window wraps past midnight. */
const nightSlots = windowOf({ accessTime: 2, startDateTime: '2026-12-01T22:00:00', endDateTime: '2026-12-05T06:00:00' });

type WindowVerdict = 'open' | 'notYetOpen' | 'closed' | 'outsideDailyWindow';
type WindowCase = readonly [label: string, window: AccessWindow, now: string, verdict: WindowVerdict];

const windowCases: readonly WindowCase[] = [
  ['anytime, long ago', anytime, '2000-01-01T00:00:00', 'open'],
  ['anytime, far ahead', anytime, '2099-06-15T03:30:00', 'open'],

  ['period, 1 ms before start', period, '2026-12-01T08:59:59.999', 'notYetOpen'],
  ['period, at start (inclusive)', period, '2026-12-01T09:00:00', 'open'],
  ['period, inside at night', period, '2026-12-03T02:00:00', 'open'],
  ['period, 1 ms before end', period, '2026-12-05T16:59:59.999', 'open'],
  ['period, at end (exclusive)', period, '2026-12-05T17:00:00', 'closed'],
  ['period, a month after', period, '2027-01-05T12:00:00', 'closed'],

  ['slots, the day before, in daily hours', slots, '2026-11-30T10:00:00', 'notYetOpen'],
  ['slots, 1 ms before start', slots, '2026-12-01T08:59:59.999', 'notYetOpen'],
  ['slots, at start', slots, '2026-12-01T09:00:00', 'open'],
  ['slots, first day, 1 ms before daily end', slots, '2026-12-01T16:59:59.999', 'open'],
  ['slots, first day, at daily end', slots, '2026-12-01T17:00:00', 'outsideDailyWindow'],
  ['slots, middle day, 1 ms before daily start', slots, '2026-12-03T08:59:59.999', 'outsideDailyWindow'],
  ['slots, middle day, at daily start', slots, '2026-12-03T09:00:00', 'open'],
  ['slots, middle day, noon', slots, '2026-12-03T12:00:00', 'open'],
  ['slots, middle day, 1 ms before daily end', slots, '2026-12-03T16:59:59.999', 'open'],
  ['slots, middle day, at daily end', slots, '2026-12-03T17:00:00', 'outsideDailyWindow'],
  ['slots, middle day, 02:00', slots, '2026-12-03T02:00:00', 'outsideDailyWindow'],
  ['slots, last day, 1 ms before daily start', slots, '2026-12-05T08:59:59.999', 'outsideDailyWindow'],
  ['slots, last day, 1 ms before end', slots, '2026-12-05T16:59:59.999', 'open'],
  ['slots, at end', slots, '2026-12-05T17:00:00', 'closed'],
  ['slots, the day after, in daily hours', slots, '2026-12-06T10:00:00', 'closed'],

  ['night slots, before start, in nightly hours', nightSlots, '2026-12-01T05:00:00', 'notYetOpen'],
  ['night slots, middle day, 1 ms before 22:00', nightSlots, '2026-12-02T21:59:59.999', 'outsideDailyWindow'],
  ['night slots, middle day, at 22:00', nightSlots, '2026-12-02T22:00:00', 'open'],
  ['night slots, after midnight', nightSlots, '2026-12-03T01:00:00', 'open'],
  ['night slots, 1 ms before 06:00', nightSlots, '2026-12-03T05:59:59.999', 'open'],
  ['night slots, at 06:00', nightSlots, '2026-12-03T06:00:00', 'outsideDailyWindow'],
  ['night slots, noon', nightSlots, '2026-12-03T12:00:00', 'outsideDailyWindow'],
  ['night slots, at end', nightSlots, '2026-12-05T06:00:00', 'closed'],
  ['night slots, after end, in nightly hours', nightSlots, '2026-12-05T23:00:00', 'closed'],
];

type LinkCase = readonly [label: string, link: AdmissionFacts['link'], now: number];

const noLink: LinkCase = ['no link', undefined, at('2026-12-03T12:00:00')];
const linkCasesWith = (status: TestLinkStatus): LinkCase[] =>
  windowCases.map(([label, window, now]) => [`link ${status}, ${label}`, { status, window }, at(now)] as const);
const allLinkCases: readonly LinkCase[] = [noLink, ...linkCasesWith(1), ...linkCasesWith(3)];

const testStatuses: readonly TestStatus[] = ['Active', 'Inactive'];
const everyFact = testStatuses.flatMap((testStatus) =>
  allLinkCases.map(([label, link, now]) => [`${testStatus} test, ${label}`, testStatus, link, now] as const),
);

const verdictOf = (invitationStatus: InvitationStatus, testStatus: TestStatus, link: AdmissionFacts['link'], now: number) =>
  admissionVerdict(link ? { invitationStatus, testStatus, link } : { invitationStatus, testStatus }, now);

describe('admissionVerdict', () => {
  it('the window table agrees with itself: every window verdict appears', () => {
    expect(new Set(windowCases.map(([, , , verdict]) => verdict))).toEqual(new Set(['open', 'notYetOpen', 'closed', 'outsideDailyWindow']));
  });

  describe('Cancelled: cancelled whatever the test, link or time', () => {
    it.each(everyFact)('%s', (_label, testStatus, link, now) => {
      expect(verdictOf('Cancelled', testStatus, link, now)).toBe('cancelled');
    });
  });

  describe('Completed: completed whatever the test, link or time', () => {
    it.each(everyFact)('%s', (_label, testStatus, link, now) => {
      expect(verdictOf('Completed', testStatus, link, now)).toBe('completed');
    });
  });

  describe('In progress: a started attempt runs to its deadline, whatever the test, link or time', () => {
    it.each(everyFact)('%s', (_label, testStatus, link, now) => {
      expect(verdictOf('In progress', testStatus, link, now)).toBe('open');
    });
  });

  describe.each<InvitationStatus>(['Pending', 'Reset'])('%s', (invitationStatus) => {
    describe('Inactive test: testInactive before any link or window rule', () => {
      it.each(allLinkCases)('%s', (_label, link, now) => {
        expect(verdictOf(invitationStatus, 'Inactive', link, now)).toBe('testInactive');
      });
    });

    it('Active test without a link: open at any time', () => {
      for (const now of [at('2000-01-01T00:00:00'), at('2026-12-03T02:00:00'), at('2099-12-31T23:59:59.999')]) {
        expect(verdictOf(invitationStatus, 'Active', undefined, now)).toBe('open');
      }
    });

    describe('Active test, inactive link (3): linkInactive whatever the window', () => {
      it.each(linkCasesWith(3))('%s', (_label, link, now) => {
        expect(verdictOf(invitationStatus, 'Active', link, now)).toBe('linkInactive');
      });
    });

    describe('Active test, active link (1): the window decides', () => {
      it.each(windowCases)('%s -> %s', (_label, window, now, verdict) => {
        expect(verdictOf(invitationStatus, 'Active', { status: 1, window }, at(now))).toBe(verdict);
      });
    });
  });
});

const refusedVerdicts = [
  ['notYetOpen', 'test-not-open-yet'],
  ['closed', 'access-period-ended'],
  ['outsideDailyWindow', 'outside-daily-window'],
  ['linkInactive', 'link-inactive'],
  ['testInactive', 'test-inactive'],
  ['cancelled', 'invitation-cancelled'],
  ['completed', 'attempt-over'],
] as const;

describe('admissionMessage', () => {
  it('is null for open', () => {
    expect(admissionMessage('open')).toBeNull();
  });

  it.each(refusedVerdicts)('is a sentence for %s', (verdict) => {
    const message = admissionMessage(verdict);
    expect(typeof message).toBe('string');
    expect(message?.trim()).not.toBe('');
  });

  it('says something different for each refusal', () => {
    const messages = refusedVerdicts.map(([verdict]) => admissionMessage(verdict));
    expect(new Set(messages).size).toBe(refusedVerdicts.length);
  });
});

describe('admissionRefusal', () => {
  it('covers every verdict but open', () => {
    expect(new Set([...refusedVerdicts.map(([verdict]) => verdict), 'open'])).toEqual(new Set(AccessVerdictCode.options));
  });

  it.each(refusedVerdicts)('%s -> %s, with the candidate-facing message', (verdict, kind) => {
    const result = admissionRefusal(verdict);
    expect(result.val).toBeUndefined();
    expect(result.err).toEqual({ kind, message: admissionMessage(verdict) });
  });
});
