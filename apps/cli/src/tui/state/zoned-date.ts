import { formatWireDateTime, parseWireDateTime } from '@assay/domain/core';

/** What a date field takes: a day and a time, seconds optional, `T` or a space between (decision 796). */
const TYPED_PATTERN = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/u;

/** How far `zone` is ahead of UTC at `epochMs`, in ms (Intl knows every zone's rules; no table of our own). */
const offsetAt = (epochMs: number, zone: string): number => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'), part('second'));
  return wall - Math.floor(epochMs / 1000) * 1000;
};

/** The wall-clock time in `zone` of a UTC wire date, as the wire writes it. */
export const wallClockOf = (epochMs: number, zone: string): string => formatWireDateTime(epochMs + offsetAt(epochMs, zone));

/**
 * A date as typed in the link's zone → the UTC wire date it means; undefined when it is malformed, not a real
 * day, or a time the zone skips (the hour clocks go forward). In the hour that repeats when clocks go back the
 * later of the two (standard time) is meant: the offset is settled from the wall time read as UTC, then corrected.
 */
export const zonedToWire = (typed: string, zone: string): string | undefined => {
  const parts = TYPED_PATTERN.exec(typed.trim());
  if (!parts) return undefined;
  const wall = `${parts[1]}T${parts[2]}${parts[3] ?? ':00'}`;
  const wallMs = parseWireDateTime(wall);
  if (wallMs === undefined) return undefined;
  let epochMs = wallMs - offsetAt(wallMs, zone);
  epochMs = wallMs - offsetAt(epochMs, zone);
  return wallClockOf(epochMs, zone) === wall ? formatWireDateTime(epochMs) : undefined;
};

/** A stored UTC wire date as the form shows it in the link's zone: seconds only when there are some. */
export const zonedFieldOf = (wire: string, zone: string): string => {
  const epochMs = parseWireDateTime(wire);
  if (epochMs === undefined) return wire;
  const wall = wallClockOf(epochMs, zone);
  return wall.endsWith(':00') ? wall.slice(0, 16) : wall;
};
