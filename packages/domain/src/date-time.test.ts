import { describe, it, expect } from 'vitest';
import { formatWireDateTime, parseWireDateTime, utcTimeOfDay } from './date-time.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('parseWireDateTime', () => {
  it.each([
    ['2026-12-01T09:00:00', Date.UTC(2026, 11, 1, 9, 0, 0)],
    ['1970-01-01T00:00:00', 0],
    ['2026-12-31T23:59:59', Date.UTC(2026, 11, 31, 23, 59, 59)],
    ['2028-02-29T12:30:45', Date.UTC(2028, 1, 29, 12, 30, 45)],
    ['2000-02-29T00:00:00', Date.UTC(2000, 1, 29)],
  ])('reads %s as UTC', (text, epochMs) => {
    expect(parseWireDateTime(text)).toBe(epochMs);
  });

  it.each([
    ['month 13', '2026-13-01T00:00:00'],
    ['month 00', '2026-00-10T00:00:00'],
    ['day 00', '2026-01-00T00:00:00'],
    ['30 February', '2026-02-30T10:00:00'],
    ['29 February in a common year', '2026-02-29T10:00:00'],
    ['29 February 1900', '1900-02-29T10:00:00'],
    ['31 April', '2026-04-31T10:00:00'],
    ['hour 24', '2026-01-01T24:00:00'],
    ['minute 60', '2026-01-01T10:60:00'],
    ['leap second', '2026-12-31T23:59:60'],
    ['space separator', '2026-01-01 10:00:00'],
    ['Z suffix', '2026-01-01T10:00:00Z'],
    ['offset suffix', '2026-01-01T10:00:00+05:30'],
    ['fractional seconds', '2026-01-01T10:00:00.000'],
    ['no seconds', '2026-01-01T10:00'],
    ['date only', '2026-01-01'],
    ['lower-case t', '2026-01-01t10:00:00'],
    ['single-digit month', '2026-1-01T10:00:00'],
    ['leading space', ' 2026-01-01T10:00:00'],
    ['trailing newline', '2026-01-01T10:00:00\n'],
    ['empty', ''],
    ['words', 'yesterday'],
  ])('rejects %s (%s)', (_label, text) => {
    expect(parseWireDateTime(text)).toBeUndefined();
  });
});

describe('formatWireDateTime', () => {
  it('writes UTC without milliseconds or zone suffix', () => {
    expect(formatWireDateTime(0)).toBe('1970-01-01T00:00:00');
    expect(formatWireDateTime(Date.UTC(2026, 11, 1, 4, 30))).toBe('2026-12-01T04:30:00');
    expect(formatWireDateTime(Date.UTC(2026, 11, 1, 4, 30, 5, 999))).toBe('2026-12-01T04:30:05');
  });

  it('writes what toISOString writes, cut to the second, for every kind of instant', () => {
    const edges = [0, 1, 999, 1000, DAY - 1, DAY, Date.UTC(2000, 1, 29, 23, 59, 59, 999), Date.UTC(2100, 2, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999)];
    const beyond = [-1, -DAY, Date.UTC(1969, 11, 31, 23, 59, 59), Date.UTC(10000, 0, 1), Date.UTC(-1, 0, 1), 8.64e15, -8.64e15, 1.5, 1e12 + 0.25];
    // Every day from 1970 to 2200 at a time of day that moves, and instants spread over the years up to 9999.
    const days = Array.from({ length: 84_000 }, (_, day) => day * DAY + ((day * 7_919_000 + 123) % DAY));
    const spread = Array.from({ length: 20_000 }, (_, index) => Math.floor((index * 12_669_015_041_021) % 253_402_300_800_000));
    const differing = [...edges, ...beyond, ...days, ...spread].filter(
      (epochMs) => formatWireDateTime(epochMs) !== new Date(epochMs).toISOString().slice(0, 19),
    );
    expect(differing).toEqual([]);
  });

  it('throws as toISOString does for an instant that is not a date', () => {
    for (const epochMs of [Number.NaN, Number.POSITIVE_INFINITY, 8.64e15 + 1]) expect(() => formatWireDateTime(epochMs)).toThrow(RangeError);
  });

  it.each(['2026-12-01T09:00:00', '2028-02-29T23:59:59', '1999-12-31T00:00:01'])('round-trips %s', (text) => {
    const epochMs = parseWireDateTime(text);
    expect(epochMs).toBeTypeOf('number');
    expect(formatWireDateTime(epochMs as number)).toBe(text);
  });
});

describe('utcTimeOfDay', () => {
  it.each([
    [0, 0],
    [Date.UTC(2026, 11, 1), 0],
    [Date.UTC(2026, 11, 1, 9), 9 * HOUR],
    [Date.UTC(2026, 11, 1, 17, 30, 15, 250), 17 * HOUR + 30 * 60_000 + 15_250],
    [Date.UTC(2026, 11, 1, 23, 59, 59, 999), DAY - 1],
    [Date.UTC(2026, 11, 2), 0],
  ])('of %s is %s', (epochMs, expected) => {
    expect(utcTimeOfDay(epochMs)).toBe(expected);
  });

  it('is in [0, one day) for instants before 1970', () => {
    expect(utcTimeOfDay(-1)).toBe(DAY - 1);
    expect(utcTimeOfDay(-DAY)).toBe(0);
    expect(utcTimeOfDay(Date.UTC(1969, 6, 20, 20, 17))).toBe(20 * HOUR + 17 * 60_000);
  });

  it('is the same on every day of a range', () => {
    const nine = Date.UTC(2026, 11, 1, 9);
    for (let day = 0; day < 5; day += 1) expect(utcTimeOfDay(nine + day * DAY)).toBe(9 * HOUR);
  });
});
