import { describe, expect, it } from 'vitest';
import { UTC_TIME_ZONE_ID, timeZoneTable } from '../time-zones.js';
import { decideV3AccessTime, parseV3DateTime } from './access-window.js';

const now = Date.UTC(2026, 10, 27, 12, 0, 0);
const zoneOf = (iana: string) => {
  const zone = timeZoneTable.find((candidate) => candidate.iana === iana);
  if (!zone) throw new Error(`no ${iana} in the table`);
  return zone.timeZoneId;
};

describe('parseV3DateTime', () => {
  it('reads a wall-clock time in the zone, and an instant with Z or an offset as it is', () => {
    expect(parseV3DateTime('2026-12-01T09:00:00', 'Asia/Kolkata')).toBe(Date.UTC(2026, 11, 1, 3, 30, 0));
    expect(parseV3DateTime('2026-07-01T09:00:00', 'Europe/London')).toBe(Date.UTC(2026, 6, 1, 8, 0, 0));
    expect(parseV3DateTime('2026-12-01T09:00:00Z', 'Asia/Kolkata')).toBe(Date.UTC(2026, 11, 1, 9, 0, 0));
    expect(parseV3DateTime('2026-12-01T09:00:00+01:00', 'UTC')).toBe(Date.UTC(2026, 11, 1, 8, 0, 0));
  });

  it.each(['tomorrow', '2026-02-30T09:00:00', '2026-12-01 09:00', ''])('refuses %j', (text) => {
    expect(parseV3DateTime(text, 'UTC')).toBeUndefined();
  });
});

describe('decideV3AccessTime', () => {
  const defaults = { timeZoneId: UTC_TIME_ZONE_ID, now };

  it('no dates: no expiry of its own', () => {
    expect(decideV3AccessTime({}, defaults)).toEqual({ val: { opensAt: null, expiresAt: null } });
  });

  it('the end in the request’s zone becomes the expiry', () => {
    const decided = decideV3AccessTime(
      { startDateTime: '2026-11-27T17:30:00', endDateTime: '2026-12-01T17:30:00', timeZoneId: zoneOf('Asia/Kolkata') },
      defaults,
    );
    expect(decided).toEqual({ val: { opensAt: null, expiresAt: Date.UTC(2026, 11, 1, 12, 0, 0) } });
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an unparsable end', { endDateTime: 'next week' }, /endDateTime must be a date-time/],
    ['an end before the start', { startDateTime: '2026-11-27T11:00:00Z', endDateTime: '2026-11-27T10:00:00Z' }, /after startDateTime/],
    ['an end equal to the start', { startDateTime: '2026-11-27T11:00:00Z', endDateTime: '2026-11-27T11:00:00Z' }, /after startDateTime/],
    ['an end that has passed', { endDateTime: '2026-11-27T11:00:00Z' }, /already passed/],
    ['an unknown zone', { endDateTime: '2026-12-01T09:00:00', timeZoneId: 999_999 }, /timeZoneId 999999/],
  ])('refuses %s with 400.59', (_label, input, message) => {
    const decided = decideV3AccessTime(input, defaults);
    expect(decided.err?.kind).toBe('invalid-access-time');
    expect(decided.err?.message).toMatch(message);
  });

  it('a start a few minutes ahead of our clock is "now"', () => {
    expect(decideV3AccessTime({ startDateTime: '2026-11-27T12:03:00Z', endDateTime: '2026-11-28T12:00:00Z' }, defaults).val).toEqual({
      opensAt: null,
      expiresAt: Date.UTC(2026, 10, 28, 12),
    });
  });

  it('a later start is the invitation’s opening, read in the zone like the end (decision 1024)', () => {
    const decided = decideV3AccessTime(
      { startDateTime: '2026-11-28T17:30:00', endDateTime: '2026-11-30T17:30:00', timeZoneId: zoneOf('Asia/Kolkata') },
      defaults,
    );
    expect(decided.val).toEqual({ opensAt: Date.UTC(2026, 10, 28, 12), expiresAt: Date.UTC(2026, 10, 30, 12) });
    expect(decideV3AccessTime({ startDateTime: '2026-11-28T12:00:00Z' }, defaults).val).toEqual({ opensAt: Date.UTC(2026, 10, 28, 12), expiresAt: null });
  });
});
