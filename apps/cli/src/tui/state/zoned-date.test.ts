import { describe, expect, it } from 'vitest';
import { zonedFieldOf, zonedToWire } from './zoned-date.js';

describe('dates typed in the link’s zone', () => {
  it('reads a date in the zone, seconds optional, and gives the UTC wire date', () => {
    expect(zonedToWire('2026-12-04T18:00', 'Europe/Berlin')).toBe('2026-12-04T17:00:00');
    expect(zonedToWire('2026-07-04 18:00:30', 'Europe/Berlin')).toBe('2026-07-04T16:00:30');
    expect(zonedToWire('2026-12-04T18:00', 'Asia/Kolkata')).toBe('2026-12-04T12:30:00');
    expect(zonedToWire('2026-12-04T18:00', 'UTC')).toBe('2026-12-04T18:00:00');
  });

  it('refuses what is no date, no real day, or an hour the zone skips', () => {
    expect(zonedToWire('2026-12-04', 'UTC')).toBeUndefined();
    expect(zonedToWire('2026-02-30T10:00', 'UTC')).toBeUndefined();
    expect(zonedToWire('2026-03-29T02:30', 'Europe/Berlin')).toBeUndefined();
  });

  it('takes the repeated hour when clocks go back as the later of its two instants (standard time)', () => {
    expect(zonedToWire('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T01:30:00');
  });

  it('shows a stored date in the zone, seconds only when there are some', () => {
    expect(zonedFieldOf('2026-12-04T17:00:00', 'Europe/Berlin')).toBe('2026-12-04T18:00');
    expect(zonedFieldOf('2026-12-04T17:00:05', 'Europe/Berlin')).toBe('2026-12-04T18:00:05');
  });
});
