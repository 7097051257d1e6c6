import { describe, it, expect } from 'vitest';
import { checkAccess, resolveAccessWindow, windowFromStored, wireDatesOf, type AccessTimeInput, type AccessWindow } from './access-time.js';

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

const codeOf = (input: AccessTimeInput) => resolveAccessWindow(input).err?.kind;

describe('resolveAccessWindow', () => {
  describe('accessTime 0', () => {
    it.each<[string, AccessTimeInput]>([
      ['no dates', { accessTime: 0 }],
      ['null dates', { accessTime: 0, startDateTime: null, endDateTime: null }],
      ['empty strings', { accessTime: 0, startDateTime: '', endDateTime: '' }],
      ['malformed dates', { accessTime: 0, startDateTime: '2026-13-01T00:00:00', endDateTime: 'tomorrow' }],
      ['valid dates', { accessTime: 0, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T17:00:00' }],
      ['end before start', { accessTime: 0, startDateTime: '2026-12-05T00:00:00', endDateTime: '2026-12-01T00:00:00' }],
    ])('ignores the dates (%s) and stores them as null', (_label, input) => {
      const result = resolveAccessWindow(input);
      expect(result).toEqual({ val: { accessTime: 0 } });
      expect(wireDatesOf(windowOf(input))).toEqual({ startDateTime: null, endDateTime: null });
    });
  });

  describe.each([1, 2] as const)('accessTime %s', (accessTime) => {
    it('accepts a well-formed period and returns epoch milliseconds', () => {
      expect(resolveAccessWindow({ accessTime, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T17:00:00' })).toEqual({
        val: { accessTime, start: Date.UTC(2026, 11, 1, 9), end: Date.UTC(2026, 11, 5, 17) },
      });
    });

    it.each<[string, string | null | undefined, string | null | undefined]>([
      ['both missing', undefined, undefined],
      ['start missing', undefined, '2026-12-05T17:00:00'],
      ['end missing', '2026-12-01T09:00:00', undefined],
      ['both null', null, null],
      ['end null', '2026-12-01T09:00:00', null],
      ['both empty', '', ''],
      ['start empty', '', '2026-12-05T17:00:00'],
      ['end blank', '2026-12-01T09:00:00', '   '],
    ])('%s -> 400.6', (_label, startDateTime, endDateTime) => {
      const result = resolveAccessWindow({ accessTime, startDateTime, endDateTime });
      expect(result.err?.kind).toBe('access-dates-required');
      expect(result.err?.message).toContain(`accessTime is ${accessTime}`);
    });

    it.each([
      '2026-13-01T00:00:00',
      '2026-02-30T10:00:00',
      '2026-01-01 10:00:00',
      '2026-01-01T10:00:00Z',
      '2026-01-01T10:00',
      '2026-01-01T10:00:00.000',
      '2026-1-01T10:00:00',
      '2026-01-01T25:00:00',
      'not a date',
    ])('start "%s" -> 400.5 naming startDateTime', (bad) => {
      const result = resolveAccessWindow({ accessTime, startDateTime: bad, endDateTime: '2027-12-05T17:00:00' });
      expect(result.err?.kind).toBe('malformed-date-time');
      expect(result.err?.message).toContain('startDateTime');
      expect(result.err?.message).toContain(bad);
    });

    it.each(['2027-02-29T10:00:00', '2027-01-01T10:00:00Z', '2027-01-01T10:00'])('end "%s" -> 400.5 naming endDateTime', (bad) => {
      const result = resolveAccessWindow({ accessTime, startDateTime: '2026-12-01T09:00:00', endDateTime: bad });
      expect(result.err?.kind).toBe('malformed-date-time');
      expect(result.err?.message).toContain('endDateTime');
    });

    it('end equal to start -> 400.7', () => {
      expect(codeOf({ accessTime, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-01T09:00:00' })).toBe('end-before-start');
    });

    it('end before start -> 400.7', () => {
      expect(codeOf({ accessTime, startDateTime: '2026-12-05T09:00:00', endDateTime: '2026-12-01T17:00:00' })).toBe('end-before-start');
      expect(codeOf({ accessTime, startDateTime: '2026-12-01T09:00:01', endDateTime: '2026-12-01T09:00:00' })).toBe('end-before-start');
    });
  });

  it('accessTime 2 with equal daily start and end times -> 400.7', () => {
    const input = { accessTime: 2, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T09:00:00' } as const;
    const result = resolveAccessWindow(input);
    expect(result.err?.kind).toBe('end-before-start');
    expect(result.err?.message).toMatch(/daily/);
  });

  it('accessTime 1 allows the same time of day at both ends', () => {
    expect(codeOf({ accessTime: 1, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T09:00:00' })).toBeUndefined();
  });

  it('accessTime 2 accepts a daily window that wraps past midnight', () => {
    expect(windowOf({ accessTime: 2, startDateTime: '2026-12-01T22:00:00', endDateTime: '2026-12-05T02:00:00' })).toEqual({
      accessTime: 2,
      start: at('2026-12-01T22:00:00'),
      end: at('2026-12-05T02:00:00'),
    });
  });
});

describe('checkAccess', () => {
  it('accessTime 0 is always open', () => {
    expect(checkAccess({ accessTime: 0 }, 0)).toBe('open');
    expect(checkAccess({ accessTime: 0 }, at('2099-01-01T00:00:00'))).toBe('open');
  });

  describe('accessTime 1: start inclusive, end exclusive', () => {
    const window = windowOf({ accessTime: 1, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T17:00:00' });
    it.each([
      ['2026-11-30T09:00:00.000', 'notYetOpen'],
      ['2026-12-01T08:59:59.999', 'notYetOpen'],
      ['2026-12-01T09:00:00.000', 'open'],
      ['2026-12-03T03:00:00.000', 'open'],
      ['2026-12-05T16:59:59.999', 'open'],
      ['2026-12-05T17:00:00.000', 'closed'],
      ['2026-12-06T12:00:00.000', 'closed'],
    ])('at %s -> %s', (now, verdict) => {
      expect(checkAccess(window, at(now))).toBe(verdict);
    });
  });

  describe('accessTime 2: daily window 09:00-17:00 UTC across 2026-12-01..2026-12-05', () => {
    const window = windowOf({ accessTime: 2, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T17:00:00' });
    it.each([
      // first day
      ['2026-12-01T08:59:59.999', 'notYetOpen'],
      ['2026-12-01T09:00:00.000', 'open'],
      ['2026-12-01T17:00:00.000', 'outsideDailyWindow'],
      // a middle day, both sides of both edges
      ['2026-12-03T08:59:59.999', 'outsideDailyWindow'],
      ['2026-12-03T09:00:00.000', 'open'],
      ['2026-12-03T12:00:00.000', 'open'],
      ['2026-12-03T16:59:59.999', 'open'],
      ['2026-12-03T17:00:00.000', 'outsideDailyWindow'],
      ['2026-12-03T00:00:00.000', 'outsideDailyWindow'],
      ['2026-12-03T23:00:00.000', 'outsideDailyWindow'],
      // last day
      ['2026-12-05T08:59:59.999', 'outsideDailyWindow'],
      ['2026-12-05T09:00:00.000', 'open'],
      ['2026-12-05T16:59:59.999', 'open'],
      ['2026-12-05T17:00:00.000', 'closed'],
      ['2026-12-06T10:00:00.000', 'closed'],
    ])('at %s -> %s', (now, verdict) => {
      expect(checkAccess(window, at(now))).toBe(verdict);
    });
  });

  describe('accessTime 2: wrap-around daily window 22:00-02:00 UTC across 2026-12-01..2026-12-05', () => {
    const window = windowOf({ accessTime: 2, startDateTime: '2026-12-01T22:00:00', endDateTime: '2026-12-05T02:00:00' });
    it.each([
      ['2026-12-01T01:00:00.000', 'notYetOpen'],
      ['2026-12-01T22:00:00.000', 'open'],
      ['2026-12-02T21:59:00.000', 'outsideDailyWindow'],
      ['2026-12-02T21:59:59.999', 'outsideDailyWindow'],
      ['2026-12-02T22:00:00.000', 'open'],
      ['2026-12-02T23:00:00.000', 'open'],
      ['2026-12-03T00:00:00.000', 'open'],
      ['2026-12-03T01:00:00.000', 'open'],
      ['2026-12-03T01:59:59.999', 'open'],
      ['2026-12-03T02:00:00.000', 'outsideDailyWindow'],
      ['2026-12-03T03:00:00.000', 'outsideDailyWindow'],
      ['2026-12-03T12:00:00.000', 'outsideDailyWindow'],
      ['2026-12-05T01:59:59.999', 'open'],
      ['2026-12-05T02:00:00.000', 'closed'],
    ])('at %s -> %s', (now, verdict) => {
      expect(checkAccess(window, at(now))).toBe(verdict);
    });
  });
});

describe('wireDatesOf / windowFromStored', () => {
  it('formats bounded windows in the wire format', () => {
    const window = windowOf({ accessTime: 1, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T17:30:15' });
    expect(wireDatesOf(window)).toEqual({ startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T17:30:15' });
  });

  it.each<AccessTimeInput>([
    { accessTime: 0 },
    { accessTime: 1, startDateTime: '2026-12-01T09:00:00', endDateTime: '2026-12-05T17:00:00' },
    { accessTime: 2, startDateTime: '2026-12-01T22:00:00', endDateTime: '2026-12-05T02:00:00' },
  ])('round-trips accessTime $accessTime through the stored wire form', (input) => {
    const window = windowOf(input);
    const { startDateTime, endDateTime } = wireDatesOf(window);
    expect(windowFromStored(input.accessTime, startDateTime, endDateTime)).toEqual(window);
  });

  it('throws when stored dates are invalid', () => {
    expect(() => windowFromStored(1, null, null)).toThrow(/stored test link has invalid dates/);
    expect(() => windowFromStored(2, '2026-12-01T09:00:00', '2026-12-01T09:00:00')).toThrow(/invalid dates/);
  });
});
