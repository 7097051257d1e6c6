import { findTimeZone } from '@assay/domain/core';
import { describeAccessWindow } from '@assay/domain/invitations';
import { describe, expect, it } from 'vitest';
import { describeLocally, differsLocally, nextOpening, nextOpeningOf, parseAccessWindow, zonedInstant } from './access-window.js';

const kolkata = findTimeZone(1720)!;
const utc = Date.UTC;

describe('the access window read back from its words (access-window.ts)', () => {
  it("reads a period as the server words it, in the link's zone", () => {
    const start = utc(2030, 11, 1, 4, 30);
    const end = utc(2030, 11, 5, 12, 30);
    const text = describeAccessWindow({ accessTime: 1, start, end }, kolkata);
    expect(parseAccessWindow(text)).toEqual({ kind: 'period', start, end, zone: 'Asia/Kolkata' });
  });

  it('reads September (en-GB says "Sept"), zones named with parentheses and a daily window', () => {
    const paris = findTimeZone(1100)!;
    const start = utc(2030, 8, 3, 7, 0);
    const end = utc(2030, 8, 20, 16, 15);
    expect(parseAccessWindow(describeAccessWindow({ accessTime: 1, start, end }, paris))).toEqual({ kind: 'period', start, end, zone: 'Europe/Paris' });
    expect(parseAccessWindow(describeAccessWindow({ accessTime: 2, start, end }, kolkata))).toEqual({ kind: 'daily', start, end, zone: 'Asia/Kolkata' });
  });

  it('gives null for what it cannot read', () => {
    expect(parseAccessWindow(null)).toBeNull();
    expect(parseAccessWindow(describeAccessWindow({ accessTime: 0 }, kolkata))).toBeNull();
    expect(parseAccessWindow('Valid from 01 Foo 2030, 04:30 to 05 Dec 2030, 12:30, X (Asia/Kolkata)')).toBeNull();
    expect(parseAccessWindow('Valid from 01 Dec 2030, 04:30 to 05 Dec 2030, 12:30, X (Not/AZone)')).toBeNull();
  });

  it('finds the instant of a wall-clock time across a daylight-saving change', () => {
    // New York: UTC-5 in January, UTC-4 in July.
    expect(zonedInstant(2030, 0, 15, 9, 0, 'America/New_York')).toBe(utc(2030, 0, 15, 14, 0));
    expect(zonedInstant(2030, 6, 15, 9, 0, 'America/New_York')).toBe(utc(2030, 6, 15, 13, 0));
  });

  it('knows when the test next opens', () => {
    const period = { kind: 'period', start: utc(2030, 0, 2), end: utc(2030, 0, 3), zone: 'UTC' } as const;
    expect(nextOpening(period, utc(2030, 0, 1))).toBe(utc(2030, 0, 2));
    expect(nextOpening(period, utc(2030, 0, 2, 12))).toBe(utc(2030, 0, 2, 12));
    expect(nextOpening(period, utc(2030, 0, 3))).toBeNull();
    // Daily 09:00-17:00 UTC from the 2nd to the 9th.
    const daily = { kind: 'daily', start: utc(2030, 0, 2, 9), end: utc(2030, 0, 9, 17), zone: 'UTC' } as const;
    expect(nextOpening(daily, utc(2030, 0, 1))).toBe(utc(2030, 0, 2, 9));
    expect(nextOpening(daily, utc(2030, 0, 4, 18))).toBe(utc(2030, 0, 5, 9));
    expect(nextOpening(daily, utc(2030, 0, 4, 8))).toBe(utc(2030, 0, 4, 9));
    expect(nextOpening(daily, utc(2030, 0, 9, 18))).toBeNull();
  });

  it('knows when an invitation with an opening of its own next opens, alone or inside a link’s window (decision 1024)', () => {
    const opensAt = utc(2030, 0, 2, 10);
    expect(nextOpeningOf(null, opensAt, utc(2030, 0, 1))).toBe(opensAt);
    expect(nextOpeningOf(null, opensAt, opensAt)).toBeNull();
    expect(nextOpeningOf(null, null, utc(2030, 0, 1))).toBeNull();
    const daily = { kind: 'daily', start: utc(2030, 0, 2, 9), end: utc(2030, 0, 9, 17), zone: 'UTC' } as const;
    // The invitation opens at 10:00 inside the day's window; one opening at 18:00 waits for the next day's 09:00.
    expect(nextOpeningOf(daily, opensAt, utc(2030, 0, 1))).toBe(opensAt);
    expect(nextOpeningOf(daily, utc(2030, 0, 2, 18), utc(2030, 0, 1))).toBe(utc(2030, 0, 3, 9));
    expect(nextOpeningOf(daily, null, utc(2030, 0, 1))).toBe(utc(2030, 0, 2, 9));
  });

  it("says the window on the candidate's clock, and whether it differs there", () => {
    const window = { kind: 'period', start: utc(2030, 11, 1, 4, 30), end: utc(2030, 11, 5, 12, 30), zone: 'Asia/Kolkata' } as const;
    expect(differsLocally(window, 'America/Los_Angeles')).toBe(true);
    expect(differsLocally(window, 'Asia/Kolkata')).toBe(false);
    expect(differsLocally(window, 'Asia/Calcutta')).toBe(false);
    expect(describeLocally(window, 'America/Los_Angeles', 'en-GB')).toBe('from 30 Nov 2030, 20:30 to 5 Dec 2030, 04:30');
    expect(describeLocally({ ...window, kind: 'daily' }, 'UTC', 'en-GB')).toBe('daily from 04:30 to 12:30, between 1 Dec 2030 and 5 Dec 2030');
  });
});
