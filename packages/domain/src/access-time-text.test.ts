import { describe, it, expect } from 'vitest';
import { describeAccessWindow } from './access-time-text.js';
import { findTimeZone, type TimeZone } from './time-zones.js';

const zoneOf = (timeZoneId: number): TimeZone => {
  const zone = findTimeZone(timeZoneId);
  if (!zone) throw new Error(`no time zone ${timeZoneId}`);
  return zone;
};

const kolkata = zoneOf(1720);
const utc = zoneOf(1000);
const KOLKATA_LABEL = 'India Standard Time (Asia/Kolkata)';

describe('describeAccessWindow', () => {
  it('uses the zone table entry for 1720', () => {
    expect(kolkata).toEqual({ timeZoneId: 1720, iana: 'Asia/Kolkata', name: 'India Standard Time' });
  });

  it('accessTime 0: valid anytime, with the zone name', () => {
    expect(describeAccessWindow({ accessTime: 0 }, kolkata)).toBe(`Valid anytime, ${KOLKATA_LABEL}`);
    expect(describeAccessWindow({ accessTime: 0 }, utc)).toBe('Valid anytime, Coordinated Universal Time (UTC)');
  });

  it('accessTime 1: the period converted to the zone', () => {
    const text = describeAccessWindow({ accessTime: 1, start: Date.UTC(2026, 11, 1, 4, 30), end: Date.UTC(2026, 11, 5, 12, 30) }, kolkata);
    expect(text).toBe(`Valid from 01 Dec 2026, 10:00 to 05 Dec 2026, 18:00, ${KOLKATA_LABEL}`);
  });

  it('accessTime 1: the local date moves forward when the zone is past midnight', () => {
    const text = describeAccessWindow({ accessTime: 1, start: Date.UTC(2026, 11, 1, 20, 0), end: Date.UTC(2026, 11, 31, 19, 0) }, kolkata);
    expect(text).toBe(`Valid from 02 Dec 2026, 01:30 to 01 Jan 2027, 00:30, ${KOLKATA_LABEL}`);
  });

  it('accessTime 1 in UTC shows the UTC times unchanged', () => {
    const text = describeAccessWindow({ accessTime: 1, start: Date.UTC(2026, 11, 1, 4, 30), end: Date.UTC(2026, 11, 5, 12, 30) }, utc);
    expect(text).toBe('Valid from 01 Dec 2026, 04:30 to 05 Dec 2026, 12:30, Coordinated Universal Time (UTC)');
  });

  it('accessTime 2: the daily times and the date range converted to the zone', () => {
    const text = describeAccessWindow({ accessTime: 2, start: Date.UTC(2026, 11, 1, 3, 30), end: Date.UTC(2026, 11, 5, 11, 30) }, kolkata);
    expect(text).toBe(`Valid daily from 09:00 to 17:00, between 01 Dec 2026 and 05 Dec 2026, ${KOLKATA_LABEL}`);
  });

  it('accessTime 2: 04:30 UTC reads 10:00 in Kolkata', () => {
    const text = describeAccessWindow({ accessTime: 2, start: Date.UTC(2026, 11, 1, 4, 30), end: Date.UTC(2026, 11, 3, 10, 30) }, kolkata);
    expect(text).toContain('from 10:00 to 16:00');
    expect(text).toContain('between 01 Dec 2026 and 03 Dec 2026');
    expect(text.endsWith(KOLKATA_LABEL)).toBe(true);
  });
});
