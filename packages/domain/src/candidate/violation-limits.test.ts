import { describe, expect, it } from 'vitest';
import { attemptStatusText, terminatedStatusText, terminationOf, violationCountText, violationStandingOf } from './violation-limits.js';

const limits = (windowViolationLimit: number | null, imageViolationLimit: number | null = null) => ({ windowViolationLimit, imageViolationLimit });

describe('terminationOf: the attempt ends when a count exceeds its limit', () => {
  it.each([
    [2, 0, null],
    [2, 1, null],
    [2, 2, null],
    [2, 3, { kind: 'window', count: 3, limit: 2 }],
    [2, 7, { kind: 'window', count: 7, limit: 2 }],
    [1, 2, { kind: 'window', count: 2, limit: 1 }],
    [null, 100, null],
  ] as const)('window limit %s, %s departures -> %o', (limit, count, expected) => {
    expect(terminationOf(limits(limit), { window: count, image: 0 })).toEqual(expected);
  });

  it('image violations end it the same way over their own limit', () => {
    expect(terminationOf(limits(null, 1), { window: 9, image: 1 })).toBeNull();
    expect(terminationOf(limits(null, 1), { window: 9, image: 2 })).toEqual({ kind: 'image', count: 2, limit: 1 });
  });

  it('both over: the window count is named', () => {
    expect(terminationOf(limits(1, 1), { window: 2, image: 2 })).toEqual({ kind: 'window', count: 2, limit: 1 });
  });
});

describe('violationStandingOf: what the warning says', () => {
  it('terminate-after-2: the second departure is the last allowed, the third ends the test', () => {
    expect(violationStandingOf(2, 1)).toEqual({ count: 1, allowed: 2, lastAllowed: false, terminated: false });
    expect(violationStandingOf(2, 2)).toEqual({ count: 2, allowed: 2, lastAllowed: true, terminated: false });
    expect(violationStandingOf(2, 3)).toEqual({ count: 3, allowed: 2, lastAllowed: false, terminated: true });
  });
});

describe('the words', () => {
  it('counts in the singular and the plural', () => {
    expect(violationCountText('window', 1)).toBe('1 window violation');
    expect(violationCountText('image', 2)).toBe('2 image violations');
    expect(terminatedStatusText({ kind: 'window', count: 3 })).toBe('Terminated (3 window violations)');
  });
});

describe('attemptStatusText', () => {
  it('a terminated attempt names its count; every other says its status', () => {
    expect(attemptStatusText({ testStatus: 'Completed', endReason: 'terminated', wv: 3 })).toBe('Terminated (3 window violations)');
    expect(attemptStatusText({ testStatus: 'Completed', wv: 3 })).toBe('Completed');
    expect(attemptStatusText({ testStatus: 'Completed', endReason: 'terminated', wv: 1, iv: 3, terminatedBy: 'image' })).toBe(
      'Terminated (3 image violations)',
    );
    expect(attemptStatusText({ testStatus: 'In progress', wv: 0 })).toBe('In progress');
  });
});
